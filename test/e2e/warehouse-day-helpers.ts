// The warehouse of the day-long scenario (warehouse-day.e2e.ts): a throwaway PostgreSQL cluster, two `station serve`
// desks on one database (each its own data folder and --desk name), each desk with a simulated serial scale and its
// own CUPS queues, people who sign in through the API, the desk's words in any of its languages, and the checks
// that run after every step: no raw API text on a packer's screen, and the figures of the order loop.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { IntlMessageFormat } from 'intl-messageformat';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { en, type MessageKey } from '../../src-renderer/i18n/messages/en.ts';
import { de } from '../../src-renderer/i18n/messages/de.ts';
import { runCli, serve, type Served } from '../helpers/cli.ts';
import { createDatabase, startPostgresCluster, type PostgresCluster } from '../helpers/postgres.ts';
import { ThermalPrinter, addRawQueue, removeQueue } from '../helpers/printers.ts';
import { startScaleSimulator, type ScaleSimulator } from '../helpers/scale-simulator.ts';
import { waitFor } from '../helpers/wait.ts';
import { KUNDE_BECKER, expect } from './fixtures.ts';

export const PASSWORD = 'Warehouse-Day-2026';
export const ADMIN = { username: 'wd-boss', name: 'Bea Verdi' };

export interface Api {
  (method: string, path: string, body?: unknown): Promise<{ status: number; json: any }>;
}

export interface Desk {
  name: string;
  url: string;
  served: Served;
  scale: ScaleSimulator;
  /** The label printer's CUPS queue. */
  labels: string;
  /** Signs `username` in at this desk through the API: their calls, as their desk makes them. */
  as(username: string): Promise<Api>;
}

export interface Warehouse {
  desks: [Desk, Desk];
  /** Desk 1's A4 printer (cups-pdf): commercial invoices. */
  office: string;
  /** Desk 2's label printer: a stand-in thermal printer behind a raw CUPS queue. */
  thermal: ThermalPrinter;
  stop(): Promise<void>;
}

/** A queue printing to PDF (cups-pdf), as desk-hardware.ts makes. */
function addPdfQueue(queue: string, description: string): void {
  execFileSync('lpadmin', ['-p', queue, '-D', description, '-v', 'cups-pdf:/', '-E', '-m', 'lsb/usr/cups-pdf/CUPS-PDF_opt.ppd'], {
    stdio: 'pipe',
  });
}

/** The PostgreSQL cluster, the account's admin, the two desks and their hardware. */
export async function startWarehouse(): Promise<Warehouse> {
  const folder = mkdtempSync(join(tmpdir(), 'station-warehouse-'));
  const stops: (() => Promise<void> | void)[] = [() => rmSync(folder, { recursive: true, force: true })];
  const stop = async () => {
    for (const step of stops.reverse()) await step();
  };
  try {
    const cluster: PostgresCluster = await startPostgresCluster();
    stops.push(() => cluster.stop());
    const database = await createDatabase(cluster.url);
    // The account and its first user, an admin, for the whole warehouse (docs/desk.md, "A team at the warehouse").
    const added = await runCli([
      'client',
      'add',
      '--database',
      database,
      '--username',
      ADMIN.username,
      '--password',
      PASSWORD,
      '--name',
      'Bottega Verdi',
      '--role',
      'admin',
      '--address1',
      'Via Roma 1',
      '--city',
      'Milano',
      '--postal-code',
      '20121',
      '--state',
      'MI',
      '--country',
      'IT',
      '--contact',
      'Anna Verdi',
      '--phone',
      '3331234567',
      '--email',
      'anna@verdi.example',
    ]);
    if (added.code !== 0) throw new Error(added.stderr);

    const office = `e2e-wd-a4-${process.pid}`;
    addPdfQueue(office, 'Office A4');
    stops.push(() => removeQueue(office));
    const thermal = new ThermalPrinter();
    await thermal.start();
    stops.push(() => thermal.stop());

    const desks: Desk[] = [];
    for (const number of [1, 2]) {
      const name = `wd-desk-${number}`;
      const labels = `e2e-wd-labels-${number}-${process.pid}`;
      if (number === 1) addPdfQueue(labels, 'Desk 1 labels');
      else addRawQueue(labels, `socket://127.0.0.1:${thermal.port}`, 'Desk 2 Zebra');
      stops.push(() => removeQueue(labels));
      const scaleFolder = join(folder, `scale-${number}`);
      execFileSync('mkdir', ['-p', scaleFolder]);
      const scale = await startScaleSimulator(scaleFolder, () => 'sics');
      scale.state = { mode: 'stable', weight: '0.000' };
      stops.push(() => scale.close());
      const served = await serve(['--database', database, '--data', join(folder, `data-${number}`), '--port', '0', '--desk', name], {
        STATION_SCHEDULER_INTERVAL_MS: '1500',
      });
      stops.push(async () => void (await served.stop()));
      const config = await (await fetch(`${served.url}/v3/station-config`)).json();
      const integrationKey = (config.data?.attributes?.integrationKey ?? config.integrationKey) as string;
      const url = served.url;
      desks.push({ name, url, served, scale, labels, as: (username) => signInApi(url, integrationKey, username) });
    }
    return { desks: desks as [Desk, Desk], office, thermal, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function signInApi(url: string, integrationKey: string, username: string): Promise<Api> {
  const signIn = await fetch(`${url}/v3/clients/authentication`, {
    method: 'POST',
    headers: { Authorization: serviceApiAuthorization(authenticationHash(username, PASSWORD), integrationKey) },
  });
  expect(signIn.status, `${username} signs in`).toBe(200);
  const token = (await signIn.json()).meta.token as string;
  return async (method, path, body) => {
    const response = await fetch(`${url}/v3${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json', Accept: 'application/vnd.api+json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: response.status === 204 ? null : await response.json() };
  };
}

/** Signs a person in on the desk's sign-in form (in English, the browser's language) and waits for Today. */
export async function signInAt(page: Page, desk: Desk, username: string): Promise<void> {
  await page.goto(desk.url);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.locator('.app__user')).toContainText(username);
}

export type Language = 'en' | 'de';
const MESSAGES = { en, de } as const;

/** The desk's words in a language, as it says them (ICU messages formatted with their arguments). */
export function deskWords(language: Language) {
  return (key: MessageKey, values?: Record<string, unknown>): string => {
    const message = MESSAGES[language][key];
    return values ? String(new IntlMessageFormat(message, language).format(values as Record<string, string>)) : message;
  };
}
export type Words = ReturnType<typeof deskWords>;

/**
 * The English the station itself writes (its error catalogue: refusals, warnings) in pieces of three words or more,
 * and the desk's own English sentences that German says otherwise: none may reach a German packer's screen.
 */
const ENGLISH_OF_THE_STATION = [
  ...Object.values(ERROR_TEXT).flatMap((text) => {
    // A text made of arguments is written with a gap for each (a list's too), and read between the gaps.
    const gap = Object.assign(['\u0000'], { toString: () => '\u0000' });
    let written: string;
    try {
      written = typeof text === 'function' ? String((text as (...args: unknown[]) => unknown)(gap, gap, gap, gap)) : text;
    } catch {
      return [];
    }
    return written
      .split(/\u0000|\d+|'[^']*'|`[^`]*`|\([^)]*\)/)
      .map((piece) =>
        piece
          .trim()
          .replace(/^[,.:;]\s*|[,.:;]$/g, '')
          .trim(),
      )
      .filter((piece) => piece.split(/\s+/).length >= 3);
  }),
  ...Object.entries(en)
    .filter(([key, text]) => !/[{<]/.test(text) && text.split(' ').length >= 2 && de[key as MessageKey] !== text)
    .map(([, text]) => text),
];

/**
 * Checked after every step on a packer's screen: no raw API text (`Invalid data:`, `Missing required data`) and no
 * JSON pointer (`/data/…`, `data.attributes`) in any language; for a German packer, none of the station's English either.
 */
export async function screenIsClean(page: Page, language: Language, where: string): Promise<void> {
  const text = await page.locator('body').innerText();
  const raw = ['Invalid data', 'Missing required data', '/data/', 'data.attributes', 'data.meta'].filter((piece) => text.includes(piece));
  expect(raw, `raw API text on the ${language} packer's screen (${where}):\n${text}`).toEqual([]);
  if (language !== 'en') {
    const english = ENGLISH_OF_THE_STATION.filter((sentence) => text.includes(sentence));
    expect(english, `English on the ${language} packer's screen (${where})`).toEqual([]);
  }
}

/** Two cups and a saucer: 0.9 kg of goods, about 1.05 kg in the small box. */
export function orderDocument(number: string, receiver: Record<string, string> = KUNDE_BECKER) {
  return {
    type: 'order',
    attributes: {
      number,
      shipTo: receiver,
      lines: [
        {
          sku: 'CUP-6',
          description: 'Ceramic cup',
          quantity: '2',
          unitWeight: '0.35',
          unitPrice: '10.75',
          originCountry: 'IT',
          hsCode: '691200',
        },
        {
          sku: 'SAUCER',
          description: 'Saucer',
          quantity: '1',
          unitWeight: '0.2',
          unitPrice: '4.00',
          originCountry: 'IT',
          hsCode: '691200',
        },
      ],
      tags: [],
    },
  };
}

/** The jobs a CUPS queue finished (`lpstat -W completed`) and those it still holds. */
export function cupsJobs(queue: string): { completed: number; pending: number } {
  const lines = (which: 'completed' | 'not-completed') =>
    execFileSync('lpstat', ['-W', which, '-o', queue], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.startsWith(`${queue}-`)).length;
  return { completed: lines('completed'), pending: lines('not-completed') };
}

/** Waits until the desk's station reads its scale as `status`. */
export async function scaleReads(api: Api, status: string): Promise<void> {
  await waitFor(`the scale read as ${status}`, async () => (await api('GET', '/scale')).json.data.attributes.reading.status === status, {
    timeoutMs: 10_000,
    intervalMs: 50,
  });
}

/** What the order loop took for one order: the keys pressed and the times from the scan to the print job. */
export interface LoopFigure {
  desk: string;
  order: string;
  keys: string[];
  /** From the scan to the station acknowledging the print job (its createdAt). */
  acknowledgedMs: number;
  /** From the scan to GET /print-jobs answering the job `done` (CUPS finished it, as the station saw). */
  doneMs: number;
}

/**
 * Follows the order's print job through GET /print-jobs from the moment of the scan: when the station acknowledged
 * it and when it answered it done. Runs beside the desk's own steps, polling every 20 ms.
 */
export async function followPrintJob(
  api: Api,
  order: string,
  scannedAt: number,
): Promise<{ acknowledgedMs: number; doneMs: number; shipmentId: string }> {
  const shipmentId = await waitFor(
    `order ${order}'s shipment`,
    async () => (await api('GET', `/orders/${order}`)).json.data?.attributes?.shipment?.id as string | undefined,
    { timeoutMs: 20_000, intervalMs: 20 },
  );
  const job = await waitFor(
    `order ${order}'s print job done`,
    async () => {
      const jobs = (await api('GET', `/print-jobs?filter[shipment]=${shipmentId}`)).json.data as {
        attributes: { status: string; createdAt: string; documents: string };
      }[];
      return jobs.find((entry) => entry.attributes.documents === 'labels' && entry.attributes.status === 'done');
    },
    { timeoutMs: 20_000, intervalMs: 20 },
  );
  return { acknowledgedMs: Date.parse(job.attributes.createdAt) - scannedAt, doneMs: Date.now() - scannedAt, shipmentId };
}
