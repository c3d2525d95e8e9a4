// A CUPS command that ends before it reads its input (lp refusing a queue at once) must fail as itself: the closed
// pipe's EPIPE was an uncaught error that stopped the station's process (seen in a bulk print under load).
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src-main/printing/cups.ts';

describe('running a CUPS command with input', () => {
  it('answers a command that never reads its input by its exit, and throws nothing uncaught', async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      // Far more than a pipe holds: the write is still going when the command has ended.
      const input = new Uint8Array(8 * 1024 * 1024);
      await expect(runCommand('/bin/false', [], input)).rejects.toThrow();
      await expect(runCommand('/bin/true', [], input)).resolves.toBe('');
      // The pipe's error, if any, is emitted on the next turns of the loop.
      await new Promise((resolve) => setImmediate(resolve));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
    }
  });
});
