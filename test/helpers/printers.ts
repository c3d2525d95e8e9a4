// Printers for tests: whether a real CUPS is here to print through, and a stand-in thermal printer (a TCP
// listener, as a Zebra on port 9100 is) that a raw CUPS queue sends its jobs to.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

/** Why CUPS cannot be printed through here; undefined when it can. */
export function cupsMissing(): string | undefined {
  try {
    const status = execFileSync('lpstat', ['-r'], { encoding: 'utf8' });
    if (!/scheduler is running/.test(status)) return 'the CUPS scheduler (cupsd) is not running';
    if (!existsSync('/usr/lib/cups/backend/cups-pdf')) return 'printer-driver-cups-pdf is not installed';
    return undefined;
  } catch {
    return 'CUPS (lpstat) is not installed';
  }
}

/** A stand-in thermal printer: accepts one connection per job and keeps what it received. */
export class ThermalPrinter {
  received: Buffer[] = [];
  /** Connections open now: 0 once everything sent so far has arrived. */
  open = 0;
  private server: Server | undefined;
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = createServer((socket) => {
      this.open++;
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => this.received.push(Buffer.concat(chunks)));
      socket.on('close', () => this.open--);
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** Adds a raw CUPS queue that sends its jobs to `uri` (e.g. a ThermalPrinter's socket://127.0.0.1:<port>). */
export function addRawQueue(name: string, uri: string, description = name): void {
  execFileSync('lpadmin', ['-p', name, '-D', description, '-v', uri, '-E'], { stdio: 'pipe' });
}

/** Cancels a queue's jobs and removes it; a queue already gone is fine. */
export function removeQueue(name: string): void {
  try {
    execFileSync('cancel', ['-a', name], { stdio: 'pipe' });
    execFileSync('lpadmin', ['-x', name], { stdio: 'pipe' });
  } catch {
    // Already gone.
  }
}
