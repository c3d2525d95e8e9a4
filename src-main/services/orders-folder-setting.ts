// The watched orders folder as a station setting (docs/shipments.md, "Watched folder"): the folder and the user an
// admin sets (PATCH /orders-folder, the desk's Settings), kept in the store for every desk, and this station's one
// watcher of it: started, moved or stopped at once on a change, the old watcher always stopped before a new one
// starts. The folder given to `station serve` (--orders-folder) wins over the setting and is watched as given.
import { constants } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';
import { StationError } from '../../src-shared/errors.ts';
import type { OrdersFolderAttributes, OrdersFolderChange, OrdersFolderProblem } from '../../src-shared/watched-folder.ts';
import { actorOf, type Caller } from '../domain/caller.ts';
import type { Logger } from '../logger.ts';
import { createScheduler } from '../scheduler/index.ts';
import type { Store } from '../store/index.ts';
import { requireRole, type AuditLog } from './audit-log.ts';
import { createOrderFolder, orderFolderParts, OrderFolderSetupError, type OrderFolder, type OrderFolderOptions } from './order-folder.ts';
import type { OrderFileService } from './order-files.ts';

/** Where the setting is kept (station settings, shared by every desk of the database). */
const ORDERS_FOLDER_SETTINGS_KEY = 'station:orders-folder';
/** How often the setting is read again (another desk may change it) and a folder that could not be watched is tried again. */
export const ORDERS_FOLDER_RECHECK_MS = 5_000;

interface OrdersFolderSetting {
  folder: string | null;
  user: string | null;
}

interface Problem {
  code: OrdersFolderProblem;
  text: string;
}

export interface OrdersFolderControl {
  /** The folder watched now (the command line's, else the setting's); undefined while none is. */
  readonly dir: string | undefined;
  /** The setting and the watcher's state: the resource GET /orders-folder answers. */
  describe(): Promise<OrdersFolderAttributes>;
  /** Changes the folder, the user or both (admins), audited; the watcher follows at once. */
  change(caller: Caller, change: OrdersFolderChange): Promise<OrdersFolderAttributes>;
  /** Starts watching: the command line's folder (refused with OrderFolderSetupError), else the setting's. */
  start(): Promise<void>;
  /** Stops watching, and waits for a file being imported. */
  stop(): Promise<void>;
  /** One look of the watcher at its folder (tests); nothing while none is watched. */
  runOnce(): Promise<void>;
}

export interface OrdersFolderControlDeps {
  /** The folder given to `station serve`, which wins over the setting. */
  commandLine?: OrderFolderOptions;
  /** How often a watcher of the setting's folder looks at it (DEFAULT_ORDERS_FOLDER_POLL_MS); 0: only on runOnce (tests). */
  pollMs?: number;
  orderFiles: Pick<OrderFileService, 'importFile'>;
  store: Store;
  audit: AuditLog;
  desk: string;
  clock: () => Date;
  logger: Logger;
}

const sameSetting = (a: OrdersFolderSetting | undefined, b: OrdersFolderSetting) => a?.folder === b.folder && a.user === b.user;

const isFolder = (dir: string) =>
  stat(dir).then(
    (found) => found.isDirectory(),
    () => false,
  );

/** What the problem of a setting's watcher means, in the setting's words (the watcher's own speak of the command line). */
function problemWords(problem: OrdersFolderProblem, setting: OrdersFolderSetting, why: string): string {
  switch (problem) {
    case 'folderMissing':
      return `The orders folder ${setting.folder} is not a folder on this station's computer.`;
    case 'folderNotWritable':
      return `The station cannot make imported/, failed/ and .importing/ in the orders folder ${setting.folder}: ${why}`;
    case 'userUnknown':
      return `No user '${setting.user}' can sign in on this station to import the orders folder's files.`;
    case 'userNeeded':
      return `No user is set to import the orders folder's files, and the station has no one account with an admin to import them as: set the user.`;
  }
}

export function createOrdersFolderControl(deps: OrdersFolderControlDeps): OrdersFolderControl {
  const { commandLine, store, audit, desk, logger } = deps;
  let watcher: OrderFolder | undefined;
  /** The setting the watcher (or its problem) is of. */
  let applied: OrdersFolderSetting | undefined;
  let problem: Problem | null = null;
  let started = false;
  let stopped = false;
  /** Starts and stops, one at a time: never two watchers of this station, nor a start beside a stop. */
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  };

  const stored = async (): Promise<OrdersFolderSetting> => {
    const found = (await store.settings.get(ORDERS_FOLDER_SETTINGS_KEY)) as Partial<OrdersFolderSetting> | undefined;
    return { folder: found?.folder ?? null, user: found?.user ?? null };
  };

  const stopWatcher = async () => {
    const stopping = watcher;
    watcher = undefined;
    if (stopping) {
      await stopping.stop();
      logger.info(`Stopped watching ${stopping.dir} for order files.`);
    }
  };

  const report = (next: Problem | null) => {
    if (next && next.text !== problem?.text) logger.warn(`Orders folder: ${next.text}`);
    problem = next;
  };

  /** Makes the watcher follow the setting: kept when it is of this setting and its folder is still there. */
  const follow = (setting: OrdersFolderSetting) =>
    serially(async () => {
      if (commandLine || stopped) return;
      if (sameSetting(applied, setting)) {
        // Kept while its folder is there and its user can still sign in (an admin may remove that user meanwhile).
        if (watcher && (await isFolder(watcher.dir)) && (setting.user === null || (await store.users.byUsername(setting.user)))) return;
        if (!watcher && !problem) return;
      }
      await stopWatcher();
      applied = setting;
      if (setting.folder === null) return report(null);
      if (!(await isFolder(setting.folder))) return report({ code: 'folderMissing', text: problemWords('folderMissing', setting, '') });
      const next = createOrderFolder({
        options: { dir: setting.folder, ...(setting.user === null ? {} : { user: setting.user }), pollMs: deps.pollMs },
        orderFiles: deps.orderFiles,
        store,
        desk,
        clock: deps.clock,
        logger,
      });
      try {
        await next.start();
      } catch (error) {
        await next.stop();
        if (!(error instanceof OrderFolderSetupError)) throw error;
        return report({ code: error.problem, text: problemWords(error.problem, setting, error.message) });
      }
      watcher = next;
      report(null);
    });

  /** The last fault of a recheck (the database away), logged once until it changes. */
  let recheckFault: string | undefined;
  const recheck = createScheduler({
    intervalMs: ORDERS_FOLDER_RECHECK_MS,
    logger,
    task: async () => {
      try {
        await follow(await stored());
        recheckFault = undefined;
      } catch (error) {
        const message = (error as Error).message;
        if (message !== recheckFault) logger.warn(`Orders folder: the setting is read again later: ${message}`);
        recheckFault = message;
      }
    },
  });

  /** Refuses a folder the station could not watch: not absolute is the schema's; not there, not a folder, not writable. */
  const checkFolder = async (folder: string) => {
    const refuse = (reason: string) =>
      new StationError('order.folderNotUsable', `${reason} The station watches a folder it can write to.`, {
        pointer: '/data/attributes/folder',
        meta: { reason },
      });
    if (!(await isFolder(folder))) throw refuse(`${folder} is not a folder on the station's computer.`);
    try {
      await access(folder, constants.W_OK);
      for (const part of orderFolderParts(folder, desk)) {
        await mkdir(part, { recursive: true });
        await access(part, constants.W_OK);
      }
    } catch (error) {
      throw refuse(
        `The station cannot make imported/, failed/ and .importing/ in ${folder} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
      );
    }
  };

  /** Refuses a user the folder's files could not be imported as. */
  const checkUser = async (caller: Caller, setting: OrdersFolderSetting) => {
    if (setting.user !== null) {
      const user = await store.users.byUsername(setting.user);
      // Only a user of the admin's own account: an admin never sends files into another account.
      if (!user || user.clientId !== caller.client.id) {
        const reason = `The account has no user '${setting.user}' to import the folder's orders as.`;
        throw new StationError('order.folderUserUnknown', reason, { pointer: '/data/attributes/user', meta: { reason } });
      }
      return;
    }
    if (setting.folder === null) return;
    const accounts = await store.clients.all();
    const admins = accounts.length === 1 ? (await store.users.list(accounts[0]!.id)).filter((user) => user.role === 'admin') : [];
    if (admins.length === 0) {
      const reason = 'The station has no one account with an admin to import the folder’s orders as: name the user.';
      throw new StationError('order.folderUserNeeded', reason, { pointer: '/data/attributes/user', meta: { reason } });
    }
  };

  const describe = async (): Promise<OrdersFolderAttributes> => {
    const setting = await stored();
    // A setting changed at another desk is followed at once rather than at the next recheck.
    if (started) await follow(setting);
    const why = commandLine ? null : problem;
    return {
      folder: setting.folder,
      user: setting.user,
      commandLine: commandLine ? { folder: commandLine.dir, user: commandLine.user ?? null } : null,
      watching: watcher !== undefined,
      watchedFolder: watcher?.dir ?? null,
      problem: why?.code ?? null,
      problemText: why?.text ?? null,
    };
  };

  return {
    get dir() {
      return watcher?.dir;
    },
    describe,
    async change(caller, change) {
      const actor = actorOf(caller);
      requireRole(actor, 'admin', 'Changing the watched orders folder');
      const before = await stored();
      const next: OrdersFolderSetting = {
        folder: change.folder === undefined ? before.folder : change.folder,
        user: change.user === undefined ? before.user : change.user,
      };
      // A folder sent is checked even when it is the one set: it may have gone since.
      if (change.folder != null) await checkFolder(change.folder);
      await checkUser(caller, next);
      const detail: Record<string, unknown> = {};
      if (before.folder !== next.folder) detail.folder = { from: before.folder, to: next.folder };
      if (before.user !== next.user) detail.user = { from: before.user, to: next.user };
      const changed =
        Object.keys(detail).length > 0
          ? [audit.change(actor, 'orders-folder.changed', { type: 'ordersFolder', id: 'station' }, detail)]
          : [];
      await store.audited(changed, 'settings', 'set', ORDERS_FOLDER_SETTINGS_KEY, next);
      if (started) await follow(next);
      return describe();
    },
    async start() {
      started = true;
      if (commandLine) {
        await serially(async () => {
          const next = createOrderFolder({
            options: commandLine,
            orderFiles: deps.orderFiles,
            store,
            desk,
            clock: deps.clock,
            logger,
          });
          // Refuses (OrderFolderSetupError) a folder it cannot watch: the serve command says so and stops.
          await next.start();
          watcher = next;
        });
        return;
      }
      // A database away at the start: the recheck follows the setting once it answers.
      await recheck.runOnce();
      // Tests that look at the folder only when they say (pollMs 0) follow changes only when they make them.
      if (deps.pollMs !== 0) recheck.start();
    },
    async stop() {
      stopped = true;
      await recheck.stop();
      await serially(stopWatcher);
    },
    runOnce: () => watcher?.runOnce() ?? Promise.resolve(),
  };
}
