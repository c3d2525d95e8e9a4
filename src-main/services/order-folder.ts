// The watched orders folder (docs/shipments.md, "Watched folder"): every order file that appears in it is imported
// once, as the desk would read it (services/order-files.ts), and moved to imported/ or to failed/ with its faults.
// A file is taken only once its size and time stood still across two looks, claimed by a rename into this desk's
// own .importing/ folder (so two stations on one folder never both take it), and, after a crash, imported again
// from there: the orders it made then are duplicates now, so none is imported twice. Each file is announced exactly
// once: its event commits with a note of the file that a restart before the move finds (finish).
import { link, mkdir, readFile, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { StationError } from '../../src-shared/errors.ts';
import type { OrderImportResource } from '../../src-shared/events.ts';
import type { OrdersFolderProblem } from '../../src-shared/watched-folder.ts';
import type { Caller } from '../domain/caller.ts';
import type { NewStationEvent } from '../domain/event.ts';
import { StoreFaultError } from '../domain/store-fault.ts';
import type { Logger } from '../logger.ts';
import { createScheduler } from '../scheduler/index.ts';
import type { Store } from '../store/index.ts';
import type { OrderFileImport, OrderFileService } from './order-files.ts';

/** How often the folder is looked at; a file is taken on the second look that finds it unchanged. */
export const DEFAULT_ORDERS_FOLDER_POLL_MS = 1_000;
/** The files taken: what shops and marketplaces export (Amazon's reports are .txt). */
const ORDER_FILE_EXTENSIONS = ['.csv', '.tsv', '.txt', '.xlsx'] as const;
/** Larger files go to failed/ unread: no shop's day of orders comes near it. */
const MAX_ORDER_FILE_BYTES = 64 * 1024 * 1024;
/** The folders inside the watched one. */
const CLAIMS_FOLDER = '.importing';
const IMPORTED_FOLDER = 'imported';
const FAILED_FOLDER = 'failed';
/** The settings that note the files announced and not moved yet: <prefix><desk>:<file name>. */
const ANNOUNCED_SETTINGS_PREFIX = 'orders-folder:announced:';
/** An empty file is given this many looks before it is taken: a writer may have only created it yet. */
const EMPTY_FILE_LOOKS = 10;

export interface OrderFolderOptions {
  /** The folder watched. */
  dir: string;
  /** The user as whom files are imported (its account gets the orders); without it, the one account's first admin. */
  user?: string;
  /** How often the folder is looked at (DEFAULT_ORDERS_FOLDER_POLL_MS); 0: only when runOnce is called (tests). */
  pollMs?: number;
}

/**
 * Why the folder cannot be watched: its folders cannot be made, no such user, or no one account to import into. The
 * serve command says it as a usage error; the setting's watcher (orders-folder-setting.ts) reports it as its state.
 */
export class OrderFolderSetupError extends Error {
  override readonly name = 'OrderFolderSetupError';
  readonly problem: Exclude<OrdersFolderProblem, 'folderMissing'>;
  constructor(message: string, problem: Exclude<OrdersFolderProblem, 'folderMissing'>) {
    super(message);
    this.problem = problem;
  }
}

/** The folders the watcher makes in the watched one: claims of this desk, imported/ and failed/. */
export const orderFolderParts = (dir: string, desk: string): string[] => [
  join(dir, CLAIMS_FOLDER, desk),
  join(dir, IMPORTED_FOLDER),
  join(dir, FAILED_FOLDER),
];

export interface OrderFolder {
  readonly dir: string;
  /** Finds the user, makes the folders, and starts looking; refuses (OrderFolderSetupError) what cannot be watched. */
  start(): Promise<void>;
  /** Stops looking, and waits for a file being imported. */
  stop(): Promise<void>;
  /** One look at the folder and the imports it makes; resolves when they are over. */
  runOnce(): Promise<void>;
}

export interface OrderFolderDeps {
  options: OrderFolderOptions;
  orderFiles: Pick<OrderFileService, 'importFile'>;
  store: Store;
  /** This desk: its claims go into .importing/<desk>/, so a restart takes back only its own. */
  desk: string;
  clock: () => Date;
  logger: Logger;
}

/** A file the folder takes: a table's extension, not hidden, not an office lock file, not a download in progress. */
function isOrderFileName(name: string): boolean {
  if (name.startsWith('.') || name.startsWith('~$')) return false;
  if (/\.(part|tmp|crdownload)$/i.test(name)) return false;
  return (ORDER_FILE_EXTENSIONS as readonly string[]).includes(extname(name).toLowerCase());
}

/** Where an imported file ends, and the text put beside it. */
interface Outcome {
  resource: OrderImportResource['attributes'];
  /** imported/<name>.log (only when there is something to say) or failed/<name>.faults.txt. */
  report: string | null;
}

/** A claimed file's outcome, and whether its event is written (then only the move is left). */
interface Pending {
  outcome: Outcome;
  announced: boolean;
}

/** What the setting of an announced file holds until the file is moved: which file, and what was announced of it. */
interface AnnouncedNote {
  identity: string;
  outcome: Outcome;
}

/** A fault of the file itself (not a table, too large): it goes to failed/, never tried again. */
const isFileFault = (error: unknown): error is StationError => error instanceof StationError && error.status < 500;

/** A refusal's own reason (meta.reason) where it gives one, else its words. */
const whyRefused = (error: StationError) =>
  error.errors.map((fault) => (typeof fault.meta?.reason === 'string' ? fault.meta.reason : fault.detail)).join(' ');

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

/** The file's orders, grouped by order number in the order they first appear, a line per fault. */
function faultLines(result: OrderFileImport): string[] {
  const byOrder = new Map<string, string[]>();
  for (const fault of result.faults) {
    const lines = byOrder.get(fault.order) ?? [];
    lines.push(fault.text);
    byOrder.set(fault.order, lines);
  }
  return [...byOrder.values()].flatMap((lines, index) => (index === 0 ? lines : ['', ...lines]));
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** What an import made of the file: where it goes, what the event says, and the text beside it. */
function outcomeOf(file: string, result: OrderFileImport): Outcome {
  const created = result.committed ? result.created : [];
  const faultyOrders = [...new Set(result.faults.map((fault) => fault.order))];
  const resource = {
    file,
    format: result.format,
    template: result.template,
    rows: result.rows,
    ready: result.ready,
    faulty: result.faulty,
    created,
    duplicates: result.duplicates,
    unreadable: null,
  };
  const duplicates =
    result.duplicates.length > 0
      ? `${plural(result.duplicates.length, 'order')} left alone, as the account has them already or the file repeats them: ${result.duplicates.join(', ')}.`
      : '';
  const read = result.format ? ` (read as ${result.format})` : result.template ? ` (read with the template “${result.template}”)` : '';
  if (result.faulty > 0 || result.faults.length > 0) {
    const count = Math.max(result.faulty, faultyOrders.length);
    const which = faultyOrders.length > 0 ? ` (${faultyOrders.join(', ')})` : '';
    // A file is imported whole or not at all (as a batch is): one faulty order keeps the file's other orders out too.
    const header =
      created.length > 0
        ? `${file}${read}: ${plural(created.length, 'order')} imported; ${plural(count, 'order')} with faults not imported${which}. ${duplicates}`.trimEnd() +
          ' Correct the orders below and drop the file into the folder again: the orders imported already are left alone as duplicates.'
        : `${file}${read}: nothing was imported: ${count === 1 ? '1 order has' : `${count} orders have`} faults${which}. ${duplicates}`.trimEnd() +
          ' Correct the orders below and drop the file into the folder again.';
    return { resource: { ...resource, outcome: 'failed' }, report: [header, '', ...faultLines(result), ''].join('\n') };
  }
  if (result.rows === 0 || (result.ready === 0 && result.duplicates.length === 0)) {
    return { resource: { ...resource, outcome: 'failed' }, report: `${file}${read}: the file holds no orders; nothing was imported.\n` };
  }
  const report = duplicates ? `${file}${read}: ${plural(created.length, 'order')} imported. ${duplicates}\n` : null;
  return { resource: { ...resource, outcome: 'imported' }, report };
}

/** A file that could not be read as a table: failed/, with why. */
function unreadableOutcome(file: string, why: string): Outcome {
  return {
    resource: {
      file,
      outcome: 'failed',
      format: null,
      template: null,
      rows: 0,
      ready: 0,
      faulty: 0,
      created: [],
      duplicates: [],
      unreadable: why,
    },
    report: `${file} was not imported: ${why}\n`,
  };
}

/** 2026-11-27T10:15:03.123Z → 20261127-101503: the suffix of a name already taken in imported/ or failed/. */
const stampOf = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');

export function createOrderFolder(deps: OrderFolderDeps): OrderFolder {
  const { options, orderFiles, store, clock, logger } = deps;
  const dir = options.dir;
  const claims = join(dir, CLAIMS_FOLDER, deps.desk);
  /** What each candidate looked like at the last look: it is taken when the next look finds the same. */
  const lastSeen = new Map<string, { size: number; mtimeMs: number; ino: number; sameLooks: number }>();
  /** Claimed files imported but not moved yet (the database away, a full disk): finished without a new import. */
  const pending = new Map<string, Pending>();
  /** The trouble last logged, per file (or the folder): each is logged once until it changes. */
  const troubles = new Map<string, string>();
  let caller: Caller | undefined;
  /** Once the station stops, the look in progress ends after the file it is importing. */
  let stopping = false;

  const trouble = (key: string, message: string) => {
    if (troubles.get(key) === message) return;
    troubles.set(key, message);
    logger.warn(`Orders folder: ${message}`);
  };

  /** The user as whom files are imported, found again at each look that has work (a removed user stops the imports). */
  const findCaller = async (): Promise<Caller> => {
    if (options.user !== undefined) {
      const user = await store.users.byUsername(options.user);
      const client = user && (await store.clients.byId(user.clientId));
      if (!user || !client)
        throw new OrderFolderSetupError(
          `--orders-user: no user '${options.user}' can sign in on this station to import the folder's orders.`,
          'userUnknown',
        );
      return { client, user, sandbox: false };
    }
    const accounts = await store.clients.all();
    if (accounts.length !== 1) {
      throw new OrderFolderSetupError(
        `The station holds ${plural(accounts.length, 'account')}: name the user whose account gets the orders of the folder with --orders-user USERNAME (or STATION_ORDERS_USER).`,
        'userNeeded',
      );
    }
    const client = accounts[0]!;
    const user = (await store.users.list(client.id)).find((candidate) => candidate.role === 'admin');
    if (!user)
      throw new OrderFolderSetupError(
        `The account ${client.username} has no admin: name the user who imports the folder's orders with --orders-user USERNAME.`,
        'userNeeded',
      );
    return { client, user, sandbox: false };
  };

  /** Moves `from` into `folder` under its name, or the name with a time (and a count) when that is taken; never over a file. */
  const place = async (from: string, folder: string, name: string, report: { suffix: string; text: string } | null): Promise<string> => {
    await mkdir(folder, { recursive: true });
    const extension = extname(name);
    const base = name.slice(0, name.length - extension.length);
    const stamp = stampOf(clock());
    for (let attempt = 0; ; attempt++) {
      const candidate = attempt === 0 ? name : `${base}-${stamp}${attempt > 1 ? `-${attempt}` : ''}${extension}`;
      const target = join(folder, candidate);
      if (report) {
        try {
          await writeFile(`${target}${report.suffix}`, report.text, { flag: 'wx' });
        } catch (error) {
          if (errorCode(error) === 'EEXIST') continue;
          throw error;
        }
      }
      try {
        // A link fails on a name taken, where a rename would replace the file: the shared folder's other station may
        // be placing a file of the same name at this moment.
        await link(from, target);
        await unlink(from);
        return candidate;
      } catch (error) {
        const code = errorCode(error);
        if (code === 'EEXIST') {
          if (report) await unlink(`${target}${report.suffix}`).catch(() => {});
          continue;
        }
        // A file system without links (some network shares): a rename, once the name was seen free.
        if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS') {
          const taken = await stat(target).then(
            () => true,
            () => false,
          );
          if (taken) {
            if (report) await unlink(`${target}${report.suffix}`).catch(() => {});
            continue;
          }
          await rename(from, target);
          return candidate;
        }
        if (report) await unlink(`${target}${report.suffix}`).catch(() => {});
        throw error;
      }
    }
  };

  /** The setting that notes a claimed file's announcement until the file is moved (one per file, this desk's own). */
  const announcedKey = (name: string) => `${ANNOUNCED_SETTINGS_PREFIX}${deps.desk}:${name}`;

  /** A claimed file as it is: a rename keeps its inode, size and time, a new file of the same name has others. */
  const identityOf = async (name: string): Promise<string | undefined> => {
    const found = await stat(join(claims, name)).catch(() => undefined);
    return found && `${found.ino}:${found.size}:${found.mtimeMs}`;
  };

  const eventOf = (client: Caller, outcome: Outcome): NewStationEvent => ({
    type: 'orders.imported',
    clientId: client.client.id,
    sandbox: false,
    subjectType: 'orderImport',
    subjectId: outcome.resource.file,
    snapshot: { kind: 'other', resource: { type: 'orderImport', id: outcome.resource.file, attributes: outcome.resource } },
  });

  /**
   * Announces a claimed file's import, then moves it to imported/ or failed/ with its text. The event is written in
   * one transaction with a note of the file (its identity and outcome): a station stopped before the move finds the
   * note at its restart and moves the file without announcing it again, so each file is announced exactly once. A
   * fault of the announcement or of the move leaves the file claimed, with its outcome, for the next look.
   */
  const finish = async (client: Caller, name: string, entry: Pending) => {
    const { outcome } = entry;
    pending.set(name, entry);
    if (!entry.announced) {
      const identity = await identityOf(name);
      if (identity === undefined) {
        pending.delete(name);
        return;
      }
      try {
        await store.settings.setWithEvent(announcedKey(name), { identity, outcome } satisfies AnnouncedNote, eventOf(client, outcome));
        entry.announced = true;
      } catch (error) {
        trouble(name, `${name} stays in ${CLAIMS_FOLDER}/ until its import is announced: ${(error as Error).message}`);
        return;
      }
    }
    const failed = outcome.resource.outcome === 'failed';
    let placed: string;
    try {
      placed = await place(
        join(claims, name),
        join(dir, failed ? FAILED_FOLDER : IMPORTED_FOLDER),
        name,
        outcome.report === null ? null : { suffix: failed ? '.faults.txt' : '.log', text: outcome.report },
      );
    } catch (error) {
      trouble(name, `${name} stays in ${CLAIMS_FOLDER}/ for now (${(error as Error).message}); its orders are in.`);
      return;
    }
    pending.delete(name);
    troubles.delete(name);
    // A note left behind (the database away at this moment) is harmless: a new file of the name is another file.
    await store.settings.remove(announcedKey(name)).catch(() => {});
    const { created, duplicates, faulty, unreadable } = outcome.resource;
    const where = `${failed ? FAILED_FOLDER : IMPORTED_FOLDER}/${placed}`;
    if (failed)
      logger.warn(
        `Orders folder: ${name} → ${where}: ${unreadable ?? `${plural(created.length, 'order')} imported, ${plural(faulty, 'order')} with faults`}`,
      );
    else logger.info(`Orders folder: ${name} → ${where}: ${plural(created.length, 'order')} imported, ${duplicates.length} duplicate(s)`);
  };

  /** The note of a claimed file announced by an earlier run and not moved then: its outcome, when the note is of this very file. */
  const announcedBefore = async (name: string): Promise<Outcome | undefined> => {
    const note = (await store.settings.get(announcedKey(name))) as AnnouncedNote | undefined;
    if (!note) return undefined;
    return note.identity === (await identityOf(name)) ? note.outcome : undefined;
  };

  /** Imports a file this desk claimed (now, or in a run that stopped midway). A fault of the station leaves it claimed. */
  const importClaimed = async (client: Caller, name: string) => {
    const waiting = pending.get(name);
    if (waiting) return finish(client, name, waiting);
    let earlier: Outcome | undefined;
    try {
      earlier = await announcedBefore(name);
    } catch (error) {
      const why = error instanceof StoreFaultError ? `the database is not available (${error.kind})` : (error as Error).message;
      trouble(name, `${name} waits in ${CLAIMS_FOLDER}/ and is imported again at the next look: ${why}`);
      return;
    }
    if (earlier) return finish(client, name, { outcome: earlier, announced: true });
    let bytes: Buffer;
    try {
      bytes = await readFile(join(claims, name));
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') trouble(name, `${name} cannot be read for now: ${(error as Error).message}`);
      return;
    }
    if (bytes.length > MAX_ORDER_FILE_BYTES) {
      const why = `the file has ${bytes.length} bytes, more than the ${MAX_ORDER_FILE_BYTES} an order file may have.`;
      return finish(client, name, { outcome: unreadableOutcome(name, why), announced: false });
    }
    let result: OrderFileImport;
    try {
      result = await orderFiles.importFile(client, bytes, { commit: true, fileName: name, via: 'folder' });
    } catch (error) {
      if (isFileFault(error)) return finish(client, name, { outcome: unreadableOutcome(name, whyRefused(error)), announced: false });
      // A full disk, a lost database: the file stays claimed, and the next look tries again.
      const why = error instanceof StoreFaultError ? `the database is not available (${error.kind})` : (error as Error).message;
      trouble(name, `${name} waits in ${CLAIMS_FOLDER}/ and is imported again at the next look: ${why}`);
      return;
    }
    await finish(client, name, { outcome: outcomeOf(name, result), announced: false });
  };

  /** The candidates of the folder, and which of them stood still since the last look. */
  const stillFiles = async (): Promise<string[]> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
      troubles.delete('folder');
    } catch (error) {
      trouble('folder', `${dir} cannot be read for now: ${(error as Error).message}`);
      return [];
    }
    const names = new Set(entries.filter((entry) => entry.isFile() && isOrderFileName(entry.name)).map((entry) => entry.name));
    for (const name of lastSeen.keys()) if (!names.has(name)) lastSeen.delete(name);
    const still: string[] = [];
    for (const name of [...names].sort()) {
      const now = await stat(join(dir, name)).catch(() => undefined);
      if (!now) continue;
      const before = lastSeen.get(name);
      const same = before !== undefined && before.size === now.size && before.mtimeMs === now.mtimeMs && before.ino === now.ino;
      const sameLooks = same ? before.sameLooks + 1 : 0;
      lastSeen.set(name, { size: now.size, mtimeMs: now.mtimeMs, ino: now.ino, sameLooks });
      if (sameLooks >= (now.size === 0 ? EMPTY_FILE_LOOKS : 1)) still.push(name);
    }
    return still;
  };

  /** Takes a file by renaming it into this desk's claims; false when another station took it first, or one of its name waits. */
  const claim = async (name: string): Promise<boolean> => {
    const target = join(claims, name);
    // This desk's earlier file of the same name is not finished: it goes first, and a rename must not replace it.
    if (
      await stat(target).then(
        () => true,
        () => false,
      )
    )
      return false;
    try {
      await mkdir(claims, { recursive: true });
      await rename(join(dir, name), target);
      lastSeen.delete(name);
      return true;
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') trouble(name, `${name} cannot be taken for now: ${(error as Error).message}`);
      return false;
    }
  };

  const look = async () => {
    const claimed = await readdir(claims).catch(() => [] as string[]);
    const still = await stillFiles();
    if (claimed.length > 0 || still.length > 0) {
      try {
        caller = await findCaller();
        troubles.delete('user');
      } catch (error) {
        trouble('user', `no file is imported for now: ${(error as Error).message}`);
        return;
      }
      for (const name of claimed.sort()) if (!stopping) await importClaimed(caller, name);
      for (const name of still) if (!stopping && (await claim(name))) await importClaimed(caller, name);
    }
  };

  const timer = createScheduler({
    intervalMs: options.pollMs ?? DEFAULT_ORDERS_FOLDER_POLL_MS,
    logger,
    task: look,
  });

  return {
    dir,
    async start() {
      caller = await findCaller();
      try {
        for (const folder of [dir, ...orderFolderParts(dir, deps.desk)]) await mkdir(folder, { recursive: true });
      } catch (error) {
        throw new OrderFolderSetupError(`The orders folder ${dir} cannot be used: ${(error as Error).message}`, 'folderNotWritable');
      }
      logger.info(`Watching ${dir} for order files, imported as ${caller.user.username} into the account ${caller.client.username}`);
      if ((options.pollMs ?? DEFAULT_ORDERS_FOLDER_POLL_MS) > 0) {
        timer.start();
        // Files claimed by a run that stopped midway are imported at once.
        void timer.runOnce();
      }
    },
    stop: () => {
      stopping = true;
      return timer.stop();
    },
    runOnce: () => timer.runOnce(),
  };
}
