// Shipment references handed out from a block reserved in one write. On SQLite every write is a commit on the
// writer thread: a create that drew its reference with a write of its own would cost two commits, and the render
// needs the reference before the shipment's own commit. A block of references is reserved at once and given out
// from memory, so a create is one commit. The references a block held when the station stops are never given:
// references stay unique and rising, with a gap of at most one block at a restart.
export const REFERENCE_BLOCK = 50;

/** The next reference, from the block held; a new block is reserved (one write, shared by all who wait) when it is used up. */
export function referencesFromBlocks(reserve: (count: number) => Promise<string[]>, size = REFERENCE_BLOCK): () => Promise<string> {
  const held: string[] = [];
  let reserving: Promise<void> | undefined;
  const reserveBlock = () =>
    (reserving ??= reserve(size)
      .then((block) => {
        held.push(...block);
      })
      .finally(() => {
        reserving = undefined;
      }));
  return async () => {
    while (held.length === 0) await reserveBlock();
    return held.shift()!;
  };
}
