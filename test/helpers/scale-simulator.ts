// A serial scale for tests: socat makes a pseudo-terminal pair; the station opens one end as its scale's port, and
// this simulator answers on the other end as a Mettler Toledo (SICS) or NCI scale would, in whatever state a test
// sets: settled, moving, overloaded, below zero, or silent. Stopping socat pulls the scale's cable.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { waitFor } from './wait.ts';

export type SimulatedState =
  | { mode: 'stable' | 'moving'; weight: string; unit?: string }
  | { mode: 'overload' | 'underload' | 'silent' | 'confused'; weight?: undefined; unit?: undefined };

export function socatMissing(): string | undefined {
  return spawnSync('socat', ['-V'], { stdio: 'ignore' }).status === 0 ? undefined : 'socat is not installed';
}

export interface ScaleSimulator {
  /** The port the station opens. */
  port: string;
  state: SimulatedState;
  /** The requests the simulator received, e.g. 'SI' or 'W'. */
  requests: string[];
  /** Pulls the cable: the pseudo-terminals go away. */
  unplug(): Promise<void>;
  /** Plugs it in again at the same port. */
  plugIn(): Promise<void>;
  close(): Promise<void>;
}

const waitForCheck = (check: () => boolean, what: string) => waitFor(what, check, { timeoutMs: 5000, intervalMs: 20 });

function answer(protocol: 'sics' | 'nci', state: SimulatedState): string | undefined {
  if (state.mode === 'silent') return undefined;
  if (protocol === 'sics') {
    if (state.mode === 'overload') return 'S +\r\n';
    if (state.mode === 'underload') return 'S -\r\n';
    if (state.mode === 'confused') return 'ES\r\n';
    return `S ${state.mode === 'stable' ? 'S' : 'D'} ${(state.weight ?? '').padStart(10)} ${state.unit ?? 'kg'}\r\n`;
  }
  // NCI: status byte 1 bit 0 is motion; byte 2 bit 0 under, bit 1 over capacity; bits 4 and 5 always set.
  const status = (first: number, second: number) => `\n${String.fromCharCode(0x30 | first)}${String.fromCharCode(0x30 | second)}\r\u0003`;
  if (state.mode === 'overload') return `\n   ^^^^^^${status(0, 0b10)}`;
  if (state.mode === 'underload') return `\n   ------${status(0, 0b01)}`;
  if (state.mode === 'confused') return '\n?\r\u0003';
  return `\n${(state.weight ?? '').padStart(8)}${state.unit ?? 'kg'}\r${status(state.mode === 'moving' ? 1 : 0, 0)}`;
}

export async function startScaleSimulator(dir: string, protocol: () => 'sics' | 'nci'): Promise<ScaleSimulator> {
  const port = join(dir, 'scale');
  const device = join(dir, 'scale-device');
  let socat: ChildProcess | undefined;
  let end: SerialPort | undefined;
  const simulator: ScaleSimulator = {
    port,
    state: { mode: 'stable', weight: '0.000' },
    requests: [],
    async plugIn() {
      // ignoreeof: the station closing its end (to open it again with new settings) does not end socat, as it
      // does not unplug a real scale.
      socat = spawn('socat', [`pty,raw,echo=0,ignoreeof,link=${port}`, `pty,raw,echo=0,link=${device}`], { stdio: 'ignore' });
      await waitForCheck(() => existsSync(port) && existsSync(device), 'socat');
      end = new SerialPort({ path: device, baudRate: 9600 });
      await new Promise((resolve, reject) => end!.once('open', resolve).once('error', reject));
      let buffered = '';
      end.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('latin1');
        const requests = buffered.split(/\r\n|\r/);
        buffered = requests.pop() ?? '';
        for (const request of requests) {
          simulator.requests.push(request);
          const reply = answer(protocol(), simulator.state);
          if (reply) end?.write(reply);
        }
      });
      end.on('error', () => undefined);
    },
    async unplug() {
      const opened = end;
      end = undefined;
      opened?.removeAllListeners('data');
      await new Promise<void>((resolve) => (opened?.isOpen ? opened.close(() => resolve()) : resolve()));
      const running = socat;
      socat = undefined;
      if (running && running.exitCode === null) {
        running.kill();
        await new Promise((resolve) => running.once('exit', resolve));
      }
      await waitForCheck(() => !existsSync(port), 'the port to go');
    },
    close: () => simulator.unplug(),
  };
  await simulator.plugIn();
  return simulator;
}
