// A packing desk's hardware for an end-to-end test: a simulated serial scale (socat's pseudo-terminal pair) and a
// real CUPS queue printing to PDF, set up before a file's tests and taken down after, the station's scale let go.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startScaleSimulator, type ScaleSimulator } from '../helpers/scale-simulator.ts';
import type { E2EStation } from './fixtures.ts';

export interface DeskHardware {
  scale: ScaleSimulator;
  /** The CUPS queue's name. */
  queue: string;
  stop(station: E2EStation): Promise<void>;
}

/** `description`: the printer's name as the desk shows it (CUPS's description of the queue). */
export async function startDeskHardware(name: string, description: string): Promise<DeskHardware> {
  const folder = mkdtempSync(join(tmpdir(), `station-${name}-`));
  const scale = await startScaleSimulator(folder, () => 'sics');
  const queue = `e2e-${name}-${process.pid}`;
  execFileSync('lpadmin', ['-p', queue, '-D', description, '-v', 'cups-pdf:/', '-E', '-m', 'lsb/usr/cups-pdf/CUPS-PDF_opt.ppd'], {
    stdio: 'pipe',
  });
  return {
    scale,
    queue,
    async stop(station) {
      await station.api('PATCH', '/scale', { data: { type: 'scale', attributes: { port: null } } });
      await scale.close();
      execFileSync('lpadmin', ['-x', queue], { stdio: 'pipe' });
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
