// A look at the write-ahead log before SQLite opens the database. On opening, SQLite replays the log's frames up
// to the first one whose checksum fails, and drops that one and every frame after it without a word: writes that
// were committed may vanish. A frame of the log's own generation (its salts match the header's) that fails its
// checksum is damage, not a torn tail or an old generation's leftovers, so it is reported, and the log is kept
// aside for whoever wants to recover what it held. The format is SQLite's (https://sqlite.org/fileformat2.html).
import { copyFileSync, existsSync, openSync, readSync, closeSync, statSync } from 'node:fs';

const HEADER = 32;
const FRAME_HEADER = 24;

export interface WalFinding {
  /** Frames of the log's generation that SQLite will not replay: the damaged one and those after it. */
  droppedFrames: number;
  /** Of those, frames that end a transaction: commits that will be lost. */
  droppedCommits: number;
  /** Where the log was copied before SQLite opened it. */
  keptAs: string;
}

/** SQLite's WAL checksum over `data` (a multiple of 8 bytes), continuing from [s0, s1]. */
function checksum(data: Buffer, bigEndian: boolean, start: [number, number]): [number, number] {
  let [s0, s1] = start;
  for (let offset = 0; offset + 8 <= data.length; offset += 8) {
    const x0 = bigEndian ? data.readUInt32BE(offset) : data.readUInt32LE(offset);
    const x1 = bigEndian ? data.readUInt32BE(offset + 4) : data.readUInt32LE(offset + 4);
    s0 = (s0 + x0 + s1) >>> 0;
    s1 = (s1 + x1 + s0) >>> 0;
  }
  return [s0, s1];
}

/**
 * The damaged logs this process copied and reported already, by path, with their size and time: a station that
 * waits for its database (station/waiting.ts) opens it again every few seconds, and copies and says each once.
 */
const reported = new Map<string, string>();

/**
 * Reads `<file>-wal` frame by frame as SQLite's recovery will; when a frame of the current generation fails its
 * checksum, copies the log to `<file>-wal.damaged-<time>` and says what will be dropped. Undefined when the log is
 * absent, empty, or whole, or when this process reported the same damaged log already.
 */
export function checkWriteAheadLog(file: string, now: Date): WalFinding | undefined {
  const wal = `${file}-wal`;
  if (!existsSync(wal) || statSync(wal).size < HEADER) return undefined;
  const { size, mtimeMs } = statSync(wal);
  if (reported.get(wal) === `${size} ${mtimeMs}`) return undefined;
  const fd = openSync(wal, 'r');
  try {
    const header = Buffer.alloc(HEADER);
    readSync(fd, header, 0, HEADER, 0);
    const magic = header.readUInt32BE(0);
    if (magic !== 0x377f0682 && magic !== 0x377f0683) return undefined;
    const bigEndian = (magic & 1) === 1;
    const pageSize = header.readUInt32BE(8);
    const salts = [header.readUInt32BE(16), header.readUInt32BE(20)];
    let sum = checksum(header.subarray(0, 24), bigEndian, [0, 0]);
    // A header that fails its own checksum makes SQLite ignore the whole log.
    if (sum[0] !== header.readUInt32BE(24) || sum[1] !== header.readUInt32BE(28)) return undefined;
    const frameSize = FRAME_HEADER + pageSize;
    const frames = Math.floor((statSync(wal).size - HEADER) / frameSize);
    const frame = Buffer.alloc(frameSize);
    let damagedAt: number | undefined;
    let droppedFrames = 0;
    let droppedCommits = 0;
    for (let index = 0; index < frames; index++) {
      readSync(fd, frame, 0, frameSize, HEADER + index * frameSize);
      const ofThisGeneration = frame.readUInt32BE(8) === salts[0] && frame.readUInt32BE(12) === salts[1];
      if (damagedAt !== undefined) {
        if (ofThisGeneration) {
          droppedFrames++;
          if (frame.readUInt32BE(4) !== 0) droppedCommits++;
        }
        continue;
      }
      // Frames of an earlier generation are leftovers of a log SQLite started over: the log ends here, whole.
      if (!ofThisGeneration) return undefined;
      // The frame's checksum runs on from the one before, over its header's first 8 bytes, then its page.
      const next = checksum(frame.subarray(FRAME_HEADER), bigEndian, checksum(frame.subarray(0, 8), bigEndian, sum));
      if (next[0] !== frame.readUInt32BE(16) || next[1] !== frame.readUInt32BE(20)) {
        damagedAt = index;
        droppedFrames = 1;
        if (frame.readUInt32BE(4) !== 0) droppedCommits++;
        continue;
      }
      sum = next;
    }
    // A damaged last frame is a write torn by a crash, never acknowledged; damage has whole frames after it.
    if (damagedAt === undefined || droppedFrames < 2 || droppedCommits === 0) return undefined;
    const keptAs = `${wal}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`;
    copyFileSync(wal, keptAs);
    reported.set(wal, `${size} ${mtimeMs}`);
    return { droppedFrames, droppedCommits, keptAs };
  } finally {
    closeSync(fd);
  }
}
