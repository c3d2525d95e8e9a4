// The CUPS back end: printers from lpstat, PDF and PNG jobs through the queue's driver with
// `lp -o PageSize=Custom.4x6in` (a PNG at its own dots, `-o ppi=`, one label a page), raw ZPL and EPL2 with `lp -o raw`, job
// state from lpstat's job lists, and the printer's own state message when it fails.
import { execFile } from 'node:child_process';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { RAW_PRINT_FORMATS } from '../../src-shared/printing.ts';
import type { PrinterAttributes } from '../../src-shared/resources.ts';
import { LABEL_PAPER, type BackendJob, type BackendJobState, type PrintBackend } from './backend.ts';

type Run = (command: string, args: string[], input?: Uint8Array) => Promise<string>;

/**
 * Runs a CUPS command, its input on stdin. A command that ends before reading it all (lp refusing a queue) closes the
 * pipe: the write's EPIPE is that command's failure, answered by its exit, never an uncaught error of the station.
 */
export function runCommand(command: string, args: string[], input?: Uint8Array): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { timeout: 15_000, env: { ...process.env, LANG: 'C', LC_ALL: 'C' } }, (error, stdout, stderr) => {
      if (error) reject(new Error((stderr || error.message).trim()));
      else resolve(stdout);
    });
    child.stdin?.on('error', () => {});
    if (input) child.stdin?.end(Buffer.from(input));
  });
}

const DETAIL_KEYS =
  /^\t(Form mounted|Content types|Printer types|Description|Alerts|Location|Connection|Interface|On fault|After fault|Users allowed|Forms allowed|Banner required|Charset sets|Default pitch|Default page size|Default port settings)\b/;

export interface CupsPrinter {
  name: string;
  enabled: boolean;
  status: string;
  /** The printer's state message, e.g. "Out of labels" or "The printer may not exist…". */
  message: string;
  description: string;
  /** A queue without a PPD passes data through untouched: it takes raw ZPL and EPL2. */
  raw: boolean;
}

/**
 * Parses `lpstat -l -p`: per printer a head line ("printer X is idle.  enabled since …",
 * "printer X now printing X-3.  enabled since …" or "printer X disabled since … -"), then its state
 * message if any, then indented details.
 */
export function parsePrinters(output: string): CupsPrinter[] {
  const printers: CupsPrinter[] = [];
  let current: CupsPrinter | undefined;
  let afterHead = false;
  for (const line of output.split('\n')) {
    const head = /^printer (\S+) (?:is (\w+)\.\s+enabled|now printing \S+\.\s+enabled|(disabled)) since/.exec(line);
    if (head) {
      const enabled = head[3] !== 'disabled';
      current = {
        name: head[1]!,
        enabled,
        status: enabled ? (head[2] ?? 'printing') : 'disabled',
        message: '',
        description: head[1]!,
        raw: true,
      };
      printers.push(current);
      afterHead = true;
      continue;
    }
    if (!current) continue;
    if (afterHead && line.startsWith('\t') && !DETAIL_KEYS.test(line)) current.message = line.trim();
    afterHead = false;
    const description = /^\tDescription: (.*)$/.exec(line);
    if (description) current.description = description[1]!.trim() || current.name;
    if (/^\tInterface: /.test(line)) current.raw = false;
  }
  return printers;
}

export function createCupsBackend(run: Run = runCommand): PrintBackend {
  const printerLines = async () => parsePrinters(await run('lpstat', ['-l', '-p']).catch(() => ''));
  const defaultPrinter = async () => /system default destination: (\S+)/.exec(await run('lpstat', ['-d']).catch(() => ''))?.[1];
  const jobIds = async (which: 'completed' | 'not-completed', printer: string) =>
    (await run('lpstat', ['-W', which, '-o', printer]).catch(() => ''))
      .split('\n')
      .map((line) => line.split(/\s+/)[0])
      .filter(Boolean);

  return {
    name: 'cups',
    async printers(): Promise<PrinterAttributes[]> {
      const [lines, fallback] = await Promise.all([printerLines(), defaultPrinter()]);
      return lines.map((line) => ({
        name: line.name,
        description: line.description,
        isDefault: line.name === fallback,
        status: line.status,
        supportsRawZpl: line.raw || /zpl|zebra/i.test(line.description),
      }));
    },
    async submit(job: BackendJob): Promise<string> {
      const options = RAW_PRINT_FORMATS.includes(job.format)
        ? ['-o', 'raw']
        : job.format === 'png'
          ? // A PNG's labels, one under another, printed at the picture's own dots: the image filter puts one a page.
            ['-o', `PageSize=${LABEL_PAPER['4x6'].cups}`, '-o', `ppi=${job.dpi ?? 203}`]
          : ['-o', `PageSize=${job.paper === 'a4' ? 'A4' : LABEL_PAPER[job.labelSize ?? '4x6'].cups}`, '-o', 'fit-to-page'];
      const output = await run('lp', ['-d', job.printer, '-n', String(job.copies), '-t', job.title, ...options, '-'], job.data);
      const id = /request id is (\S+)/.exec(output)?.[1];
      if (!id) throw new Error(`CUPS did not accept the job: ${output.trim()}`);
      return id;
    },
    async state(jobId: string, printer: string): Promise<BackendJobState> {
      if ((await jobIds('not-completed', printer)).includes(jobId)) {
        const line = (await printerLines()).find((candidate) => candidate.name === printer);
        if (line && !line.enabled)
          return {
            state: 'failed',
            reason: ERROR_TEXT.printerDisabled(printer, line.message),
            failure: { code: 'printerDisabled', ...(line.message ? { problem: line.message } : {}) },
          };
        return { state: 'printing' };
      }
      if ((await jobIds('completed', printer)).includes(jobId)) return { state: 'done' };
      return { state: 'failed', reason: ERROR_TEXT.printJobUnknown(jobId), failure: { code: 'jobLost' } };
    },
    async cancel(jobId: string): Promise<void> {
      await run('cancel', [jobId]).catch(() => undefined);
    },
    async printerProblem(printer: string): Promise<string | undefined> {
      const line = (await printerLines()).find((candidate) => candidate.name === printer);
      if (!line) return ERROR_TEXT.printerMissing(printer);
      return line.message || undefined;
    },
  };
}
