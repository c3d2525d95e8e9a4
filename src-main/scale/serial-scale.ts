// The desk's scale on its serial port: asks for a weight every pollMs, reads the answers as they come, and keeps
// the latest reading. A port that cannot be opened or goes away (the USB cable pulled) is `unplugged` and opened
// again every reopenMs; a scale that stops answering is `noAnswer`. Listeners hear every change.
import { SerialPort } from 'serialport';
import type { ScaleReading, ScaleSettings } from '../../src-shared/scale.ts';
import { WEIGHT_REQUEST, parseAnswer, splitAnswers } from './protocols.ts';

export interface ScaleTiming {
  pollMs: number;
  /** How long an answer may take before the scale counts as silent. */
  answerTimeoutMs: number;
  reopenMs: number;
}

export const DEFAULT_SCALE_TIMING: ScaleTiming = { pollMs: 200, answerTimeoutMs: 1000, reopenMs: 2000 };

export interface ScaleLink {
  reading(): ScaleReading;
  /** Called with each reading that differs from the one before; returns the unsubscribe. */
  onReading(listener: (reading: ScaleReading) => void): () => void;
  stop(): Promise<void>;
}

/** Kilograms as the station writes weights: at most three decimals. */
const asText = (kg: number) => String(Math.round(kg * 1000) / 1000);

export function connectScale(
  settings: ScaleSettings,
  timing: ScaleTiming = DEFAULT_SCALE_TIMING,
  clock: () => Date = () => new Date(),
): ScaleLink {
  const listeners = new Set<(reading: ScaleReading) => void>();
  let current: ScaleReading = { status: 'off', weightKg: null, problem: null, at: clock().toISOString() };
  let port: SerialPort | undefined;
  let buffered = '';
  let askedAt: number | undefined;
  let stopped = false;
  let poller: ReturnType<typeof setInterval> | undefined;
  let reopener: ReturnType<typeof setTimeout> | undefined;

  const update = (next: Omit<ScaleReading, 'at'>) => {
    if (next.status === current.status && next.weightKg === current.weightKg && next.problem === current.problem) return;
    current = { ...next, at: clock().toISOString() };
    for (const listener of listeners) listener(current);
  };

  const lost = (why: string) => {
    if (poller) clearInterval(poller);
    poller = undefined;
    port?.removeAllListeners();
    port = undefined;
    askedAt = undefined;
    buffered = '';
    update({
      status: 'unplugged',
      weightKg: null,
      problem: `The scale at ${settings.port} cannot be reached: ${why}. Check its cable and that it is on.`,
    });
    if (!stopped) reopener = setTimeout(open, timing.reopenMs);
  };

  const poll = () => {
    if (!port) return;
    // A port the system closed under us (a USB adapter gone) may say so only by no longer being open.
    if (!port.isOpen) return lost('the port closed');
    const now = Date.now();
    if (askedAt !== undefined && now - askedAt < timing.answerTimeoutMs) return;
    if (askedAt !== undefined) {
      buffered = '';
      update({
        status: 'noAnswer',
        weightKg: null,
        problem: `The scale at ${settings.port} does not answer: is it on, and set to ${settings.protocol.toUpperCase()} at ${settings.baudRate} baud?`,
      });
    }
    askedAt = now;
    port.write(WEIGHT_REQUEST[settings.protocol]);
  };

  function open() {
    reopener = undefined;
    if (stopped || !settings.port) return;
    const opening = new SerialPort({ path: settings.port, baudRate: settings.baudRate, autoOpen: false });
    opening.open((error) => {
      if (stopped) {
        if (!error) opening.close();
        return;
      }
      if (error) {
        lost(error.message);
        return;
      }
      port = opening;
      opening.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('latin1');
        const { answers, rest } = splitAnswers(settings.protocol, buffered);
        buffered = rest.length > 4096 ? '' : rest;
        for (const answer of answers) {
          askedAt = undefined;
          const parsed = parseAnswer(settings.protocol, answer, settings.units);
          update({ status: parsed.status, weightKg: parsed.weightKg === null ? null : asText(parsed.weightKg), problem: parsed.problem });
        }
      });
      opening.on('close', () => lost('the port closed'));
      opening.on('error', (failure: Error) => lost(failure.message));
      poller = setInterval(poll, timing.pollMs);
      poll();
    });
  }

  open();
  return {
    reading: () => current,
    onReading(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        stopped = true;
        if (poller) clearInterval(poller);
        if (reopener) clearTimeout(reopener);
        listeners.clear();
        const open = port;
        port?.removeAllListeners();
        port = undefined;
        if (!open?.isOpen) return resolve();
        open.close(() => resolve());
      }),
  };
}

/** The serial devices of this computer, by their stable names where the system gives them. */
export async function serialPorts(): Promise<string[]> {
  if (process.platform === 'linux') {
    // SerialPort.list() runs udevadm, which a container or a minimal system lacks; the device folders say as much.
    const { readdir } = await import('node:fs/promises');
    const byId = await readdir('/dev/serial/by-id').then(
      (names) => names.map((name) => `/dev/serial/by-id/${name}`),
      () => [],
    );
    const ttys = await readdir('/dev').then(
      (names) => names.filter((name) => /^tty(USB|ACM)\d+$/.test(name)).map((name) => `/dev/${name}`),
      () => [],
    );
    return [...byId, ...ttys];
  }
  return (await SerialPort.list().catch(() => [])).map((entry) => entry.path);
}
