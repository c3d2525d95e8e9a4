// The `station` admin command: serve the headless station and administer clients, keys and integrations.
// Its forms and JSON outputs are a contract that scripts depend on. What every command shares is in cli/arguments.ts;
// command groups move out to cli/ one at a time (cli/config.ts first).
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { StationError } from '../src-shared/errors.ts';
import { TRACKING_STATUSES } from '../src-shared/tracking-status.ts';
import { EVENT_TYPES } from '../src-shared/events.ts';
import { validateNewWebhook, validateReplay } from '../src-shared/webhooks.ts';
import { validateUpstreamSettings } from '../src-shared/upstream.ts';
import { DESKTOP_INTEGRATION_NAME, FIRST_CLIENT_USERNAME, backupDataFolder, checkDataFolder, checkSharedDatabase, migrateDataFolder, restoreDataFolder, type StationAdmin } from './admin.ts';
import { defaultDataDir } from './data-dir.ts';
import { consoleLogger } from './logger.ts';
import { ensureRendererBuilt } from './renderer-build.ts';
import { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_SCHEDULER_INTERVAL_MS, createStation, isLoopbackAddress } from './station.ts';
import { configCommand, CONFIG_HELP } from './cli/config.ts';
import { UsageError, common, databaseOf, dataDirOf, deskOf, optional, parse, passwordOf, passwordOptions, print, required, unknownSubcommand, whichOne, withAdmin, type Options, type Values } from './cli/arguments.ts';
import { userCommand, USER_HELP } from './cli/users.ts';

export const FIRST_RUN_FILE = 'first-run-credentials.txt';

const HELP = `Shipping Station admin command

Usage: npm run --silent station -- <command> [options]

  serve [--data DIR] [--database URL] [--desk NAME] [--port N] [--host 127.0.0.1] [--allow-origin ORIGIN]...
        [--allow-host NAME]... [--tls-cert FILE --tls-key FILE]
      Run the headless station (API) until SIGINT/SIGTERM. Defaults: port ${DEFAULT_PORT}, host ${DEFAULT_HOST}.
      --desk names this desk (default: the host name): its print jobs print only on its printers, and the
      audit log names it. --allow-host lets other PCs reach it by that name or address (with --host
      0.0.0.0); --tls-cert and --tls-key serve HTTPS.
  client add --username U (--password P | --password-stdin) --name NAME [--role ROLE] [address options]
        [--data DIR] [--json]
      Create a client account and its first user, with this username, password and role. ROLE is packer
      (the default), supervisor or admin. Address options: --address1
      --address2 --city --postal-code --state --country --contact --phone --email --tax-id. Prints
      {"id","clientKey","role"} with --json.
      Passwords have at least 10 characters. --password-stdin reads it from standard input, so it shows
      neither in the process list nor in the shell's history.
  client list [--data DIR] [--json]
  client rotate-key (--id ID | --username U) [--data DIR] [--json]
      Give a client a new client key; tokens made with the old key stop working.
  client set-password (--id ID | --username U) (--password P | --password-stdin) [--data DIR] [--json]
      Changing the first-run client's password deletes the first-run credentials file.
  client set-role (--id ID | --username U) --role ROLE [--data DIR] [--json]
      Packers ship, print and track; supervisors also void processed shipments, reprint and change carrier
      settings; admins also manage clients, users and integrations. The last admin keeps the role.
      set-password and set-role change the account's first user (the one with its username).
  client remove (--id ID | --username U) [--data DIR] [--json]
      No user of the account can sign in any more and their tokens stop working; its shipments stay. Its
      username stays reserved.
  client merge --into A --from B [--data DIR] [--json]
      Move B's users and everything B owns (shipments, orders, address book, manifests, events, webhooks,
      print settings) into A, in one transaction, and remove B. A and B are ids or usernames. Refused,
      naming each, while B has work that cannot move (a shipment being booked, a print job printing, an
      order number or closed day both have). Prints {"into","from","moved"} with --json.
  keys [--data DIR] [--json]
      Print the server key (signs Bearer tokens) and the desk app's integration key.
  integration add --name NAME [--data DIR] [--json]
      Create an integration key for another program.
  integration list [--data DIR] [--json]
  integration revoke (--id ID | --name NAME) [--data DIR] [--json]
      Nobody signs in through the key again, and tokens issued through it stop working.
  carriers list [--data DIR] [--json]
      The rate cards in use, with their services and effective fuel surcharge; card files that cannot be
      read, and the carriers they make unavailable.
  carriers set-surcharge --carrier CODE --percent P [--data DIR]
      Set a carrier's fuel surcharge (e.g. --carrier DHL --percent 12.5); prices change from the next request.
  carriers set-cutoff --carrier CODE --time HH:MM|none [--data DIR] [--json]
      The carrier's cutoff time, on the station's clock: shipments for it made from then on, without a
      ship date of their own, ship the next working day.
  carriers add-upstream --code CODE [--name NAME] --url URL [--version v3|v3-testing] --client-id ID
        --client-key KEY --server-key KEY [--data DIR] [--json]
      Book through an upstream service of the same API (the station as an offline-first gateway): its
      rates are quoted beside the rate cards as CODE.<carrier>; scheduled shipments wait in the outbox
      while it cannot be reached. Adding the same code again replaces it.
  carriers remove-upstream --code CODE [--data DIR] [--json]
  backup --out FILE [--data DIR] [--json]
      Write a consistent copy of the station's SQLite database to FILE (a new file), also while the station
      runs. A PostgreSQL database is backed up with PostgreSQL's own tools (pg_dump, pg_basebackup).
      The copy holds the station's secrets: keep it as safe as the data folder.
  check [--data DIR | --database URL] [--json]
      Run SQLite's full integrity check on the station's database (every page and index), also while the
      station runs, and print what it found; exit status 1 when the database is damaged. On PostgreSQL,
      amcheck of the station's tables and indexes (the extension is created when it may be), and whether
      data checksums are on.
  restore --from FILE [--data DIR] [--json]
      Put a backup back. The station must be stopped; the database it replaces is kept beside it as
      station.sqlite.before-restore-<time>.
  audit [--limit N] [--action ACTION] [--actor USERNAME] [--from-desk NAME] [--data DIR] [--json]
      The audit log, newest first (50 entries unless --limit): who did what, from which desk, and when.
  migrate --to postgres://user@host/db [--data DIR] [--json]
      Copy a stopped station's SQLite database (all tables, secrets and history) into an empty PostgreSQL
      database and check every table's row count. The SQLite file is left as it was.
  webhook add --url URL --events TYPE,TYPE [--client ID] [--data DIR] [--json]
      Register an endpoint for one client's events, or for every client's without --client. TYPEs:
      ${EVENT_TYPES.slice(0, 4).join(', ')},
      ${EVENT_TYPES.slice(4).join(', ')}.
      Prints the secret once ({"id","secret"} with --json). Deliveries are signed with it:
      Station-Signature: t=<unix seconds>,v1=<HMAC-SHA256 of "<t>.<body>" in hex>.
  webhook list [--data DIR] [--json]
  webhook pause --id ID | webhook resume --id ID | webhook remove --id ID [--data DIR] [--json]
      A webhook that fails for a day is paused by the station; resume it once its endpoint works.
  webhook deliveries --id ID [--limit N] [--status pending|delivered|dead] [--data DIR] [--json]
      The delivery log, newest first.
  webhook replay --id ID --from EVENT_ID --to EVENT_ID [--data DIR] [--json]
      Send the webhook's events with these ids again (at most 10000).
${USER_HELP}
${CONFIG_HELP}
  tracking add --shipment ID --status N --at "YYYY-MM-DD HH:MM:SS" [--text TEXT] [--location PLACE] [--data DIR]
      Record a tracking event. ID is the shipment id, reference or tracking number. Status codes:
      ${TRACKING_STATUSES.map((status) => `${status.code} ${status.label}`).join(', ')}.
  help

Every command except backup, restore and migrate takes --database URL (postgres://user@host/db), or
$STATION_DATABASE_URL: the PostgreSQL database that several desks share. Without it the station keeps
its data in <data folder>/station.sqlite. Every command takes --desk NAME (or $STATION_DESK): the desk
the audit log names for what it does.

Environment: STATION_DATA_DIR (data folder), STATION_SCHEDULER_INTERVAL_MS (scheduled processing,
default ${DEFAULT_SCHEDULER_INTERVAL_MS}), STATION_TRACKING_URL (base of tracking links),
STATION_PRINT_TIMEOUT_MS (a print job not done by then fails; default 60000), STATION_DOCUMENT_WORKERS
(label-rendering threads; default one per core but one), STATION_CLAIM_LEASE_MS (PostgreSQL: how long a
stopped desk's claims on scheduled shipments hold before another desk takes them over; default 60000),
STATION_UPSTREAM_TRACKING_MS (how often the tracking of upstream bookings is pulled; default 900000),
STATION_MANIFEST_TRANSMIT_MS (how often closed manifests due to an upstream service are sent; default 5000),
STATION_EVENT_RETENTION_DAYS (how long events are kept for the feed and webhook replays; default 90),
STATION_BACKUP_HOURS (how often a checked backup goes into <data>/backups/; default 24, 0: never),
STATION_BACKUPS_KEPT (how many of those are kept; default 7), STATION_CHECK_HOURS (how often the
database is quick_checked, and once after start; default 24, 0: never).

The data folder defaults to $STATION_DATA_DIR, else ${defaultDataDir()}.
`;

/** Backup and restore copy one SQLite file: they take no --database. */
const sqliteOnly: Options = { data: { type: 'string' }, json: { type: 'boolean', default: false } };
const addressOptions: Options = {
  address1: { type: 'string' },
  address2: { type: 'string' },
  city: { type: 'string' },
  'postal-code': { type: 'string' },
  state: { type: 'string' },
  country: { type: 'string' },
  contact: { type: 'string' },
  phone: { type: 'string' },
  email: { type: 'string' },
  'tax-id': { type: 'string' },
};
const which: Options = { id: { type: 'string' }, username: { type: 'string' } };

function clientLine(client: Awaited<ReturnType<StationAdmin['clients']['list']>>[number]): string {
  return `${client.id}\t${client.username}\t${client.profile.name}\t${client.profile.country || '-'}\t${client.role ?? '-'}`;
}

async function clientCommand(sub: string | undefined, args: string[]): Promise<void> {
  switch (sub) {
    case 'add': {
      const values = parse(args, { ...common, ...addressOptions, ...passwordOptions, username: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } });
      const username = required(values, 'username');
      const role = optional(values, 'role');
      const name = required(values, 'name');
      const password = await passwordOf(values);
      const profile = {
        name,
        address1: optional(values, 'address1'),
        address2: optional(values, 'address2'),
        city: optional(values, 'city'),
        postalCode: optional(values, 'postal-code'),
        state: optional(values, 'state'),
        country: optional(values, 'country'),
        contact: optional(values, 'contact'),
        phone: optional(values, 'phone'),
        email: optional(values, 'email'),
        taxIdentification: optional(values, 'tax-id'),
      };
      const client = await withAdmin(values, (admin) => admin.clients.add(admin.actor, { username, password, role, profile }), true);
      print(values, { id: client.id, clientKey: client.clientKey, role: client.role }, `Created client ${client.id} (${client.username}, ${client.role}). Client key: ${client.clientKey}`);
      return;
    }
    case 'list': {
      const values = parse(args, common);
      const clients = await withAdmin(values, (admin) => admin.clients.list(admin.actor));
      const json = clients.map((client) => ({ id: client.id, username: client.username, name: client.profile.name, createdAt: client.createdAt, role: client.role }));
      print(values, json, clients.length ? ['id\tusername\tname\tcountry\trole', ...clients.map(clientLine)].join('\n') : 'No clients yet.');
      return;
    }
    case 'rotate-key': {
      const values = parse(args, { ...common, ...which });
      const chosen = whichOne(values);
      const client = await withAdmin(values, (admin) => admin.clients.rotateKey(admin.actor, chosen));
      print(values, { id: client.id, clientKey: client.clientKey }, `New client key for ${client.username}: ${client.clientKey}`);
      return;
    }
    case 'set-password': {
      const values = parse(args, { ...common, ...which, ...passwordOptions });
      const client = whichOne(values);
      const password = await passwordOf(values);
      const changed = await withAdmin(values, (admin) => admin.clients.setPassword(admin.actor, client, password));
      const forgotten = changed.username === FIRST_CLIENT_USERNAME && forgetFirstRunCredentials(dataDirOf(values));
      print(values, { id: changed.id }, `Password changed for ${changed.username}.${forgotten ? ` The first-run credentials file is deleted.` : ''}`);
      return;
    }
    case 'remove': {
      const values = parse(args, { ...common, ...which });
      const chosen = whichOne(values);
      const removed = await withAdmin(values, (admin) => admin.clients.remove(admin.actor, chosen));
      if (removed.username === FIRST_CLIENT_USERNAME) forgetFirstRunCredentials(dataDirOf(values));
      print(values, { id: removed.id }, `Removed client ${removed.id} (${removed.username}). Its shipments stay; it can no longer sign in.`);
      return;
    }
    case 'set-role': {
      const values = parse(args, { ...common, ...which, role: { type: 'string' } });
      const client = whichOne(values);
      const role = required(values, 'role');
      const changed = await withAdmin(values, (admin) => admin.clients.setRole(admin.actor, client, role));
      print(values, { id: changed.id, role: changed.role }, `${changed.username} is now ${changed.role}.`);
      return;
    }
    case 'merge': {
      const values = parse(args, { ...common, into: { type: 'string' }, from: { type: 'string' } });
      const accountOf = (given: string) => (/^\d+$/.test(given) ? { id: given } : { username: given });
      const into = accountOf(required(values, 'into'));
      const from = accountOf(required(values, 'from'));
      const { into: kept, from: gone, moved } = await withAdmin(values, (admin) => admin.clients.merge(admin.actor, into, from));
      print(
        values,
        { into: kept.id, from: gone.id, moved },
        `Merged client ${gone.id} (${gone.username}) into ${kept.id} (${kept.username}): ${moved.users} user(s), ${moved.shipments} shipment(s), ${moved.orders} order(s) and ${moved.addresses} address(es) moved. Client ${gone.id} is removed; its users sign in as before.`,
      );
      return;
    }
    default:
      throw new UsageError(unknownSubcommand('client', sub, 'add, list, rotate-key, set-password, set-role, remove or merge'));
  }
}

async function integrationCommand(sub: string | undefined, args: string[]): Promise<void> {
  switch (sub) {
    case 'add': {
      const values = parse(args, { ...common, name: { type: 'string' } });
      const name = required(values, 'name');
      const integration = await withAdmin(values, (admin) => admin.integrations.add(admin.actor, name));
      print(values, { integrationKey: integration.integrationKey }, `Integration key for ${name}: ${integration.integrationKey}`);
      return;
    }
    case 'list': {
      const values = parse(args, common);
      const integrations = await withAdmin(values, (admin) => admin.integrations.list(admin.actor));
      const json = integrations.map(({ id, name, isDesktop, createdAt }) => ({ id, name, isDesktop, createdAt }));
      print(values, json, integrations.map((i) => `${i.id}\t${i.name}${i.isDesktop ? ' (this station\'s desk app)' : ''}`).join('\n'));
      return;
    }
    case 'revoke': {
      const values = parse(args, { ...common, id: { type: 'string' }, name: { type: 'string' } });
      const id = optional(values, 'id');
      const name = optional(values, 'name');
      if ((id === undefined) === (name === undefined)) throw new UsageError('Give exactly one of --id or --name.');
      const revoked = await withAdmin(values, (admin) => admin.integrations.revoke(admin.actor, id !== undefined ? { id } : { name }));
      print(values, { id: revoked.id }, `Revoked the integration key ${revoked.id} (${revoked.name}). Its tokens stop working.`);
      return;
    }
    default:
      throw new UsageError(unknownSubcommand('integration', sub, 'add, list or revoke'));
  }
}

/** A contract refusal as a usage message naming the option: /data/attributes/events → --events. */
function optionProblem(pointer: string | undefined, options: Record<string, string>): string {
  const field = pointer?.split('/')[3] ?? '';
  return options[field] ?? field;
}

async function webhookCommand(sub: string | undefined, args: string[]): Promise<void> {
  const idOf = (values: Values) => required(values, 'id');
  const line = (hook: Awaited<ReturnType<StationAdmin['webhooks']['list']>>[number]) =>
    `${hook.id}\t${hook.status}${hook.pausedReason ? ` (${hook.pausedReason})` : ''}\t${hook.clientId === null ? 'every client' : `client ${hook.clientId}`}\t${hook.eventTypes.join(',')}\t${hook.url}\t${hook.pending} pending`;
  const shown = (hook: Awaited<ReturnType<StationAdmin['webhooks']['list']>>[number]) => {
    const { secret: _secret, ...rest } = hook;
    return rest;
  };
  switch (sub) {
    case 'add': {
      const values = parse(args, { ...common, url: { type: 'string' }, events: { type: 'string' }, client: { type: 'string' } });
      const client = optional(values, 'client');
      const request = validateNewWebhook({
        data: { type: 'webhook', attributes: { url: required(values, 'url'), events: required(values, 'events'), clientId: client, allClients: client === undefined } },
      });
      if (!request.ok) {
        const option = optionProblem(request.errors[0]!.source?.pointer, { url: '--url (an http or https URL)', events: `--events (one or more of ${EVENT_TYPES.join(', ')})`, clientId: '--client (a client id)' });
        throw new UsageError(`Invalid ${option}.`);
      }
      const added = await withAdmin(values, (admin) => admin.webhooks.add(admin.actor, request.value));
      print(
        values,
        { id: added.id, secret: added.secret },
        `Webhook ${added.id} sends ${added.eventTypes.join(', ')} of ${added.clientId === null ? 'every client' : `client ${added.clientId}`} to ${added.url}.\n` +
          `Its signing secret (shown once; keep it with the receiver): ${added.secret}`,
      );
      return;
    }
    case 'list': {
      const values = parse(args, common);
      const hooks = await withAdmin(values, (admin) => admin.webhooks.list(admin.actor));
      print(values, hooks.map(shown), hooks.length === 0 ? 'No webhooks.' : hooks.map(line).join('\n'));
      return;
    }
    case 'pause':
    case 'resume': {
      const values = parse(args, { ...common, id: { type: 'string' } });
      const id = idOf(values);
      const hook = await withAdmin(values, (admin) => admin.webhooks.setStatus(admin.actor, id, sub === 'pause' ? 'paused' : 'active'));
      print(values, shown(hook), line(hook));
      return;
    }
    case 'remove': {
      const values = parse(args, { ...common, id: { type: 'string' } });
      const id = idOf(values);
      await withAdmin(values, (admin) => admin.webhooks.remove(admin.actor, id));
      print(values, { id: idOf(values) }, `Removed webhook ${idOf(values)}; its delivery log is kept.`);
      return;
    }
    case 'deliveries': {
      const values = parse(args, { ...common, id: { type: 'string' }, limit: { type: 'string' }, status: { type: 'string' } });
      const limitText = optional(values, 'limit') ?? '50';
      if (!/^\d+$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > 10_000) throw new UsageError(`--limit must be a number from 1 to 10000, not '${limitText}'.`);
      const status = optional(values, 'status');
      if (status !== undefined && !['pending', 'delivered', 'dead'].includes(status)) throw new UsageError(`--status must be pending, delivered or dead, not '${status}'.`);
      const found = await withAdmin(values, (admin) =>
        admin.webhooks.deliveries(admin.actor, idOf(values), { before: null, status: (status ?? null) as 'pending' | null, limit: Number(limitText) }),
      );
      print(
        values,
        found,
        found.length === 0
          ? 'No deliveries yet.'
          : found.map((entry) => `${entry.createdAt}\tevent ${entry.eventId} ${entry.eventType}\t${entry.status}\t${entry.attempts} attempt(s)${entry.lastError ? `\t${entry.lastError}` : ''}`).join('\n'),
      );
      return;
    }
    case 'replay': {
      const values = parse(args, { ...common, id: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } });
      const range = validateReplay({ data: { type: 'webhookReplay', attributes: { fromEventId: required(values, 'from'), toEventId: required(values, 'to') } } });
      if (!range.ok) throw new UsageError('--from and --to must be event ids (whole numbers), --from not above --to.');
      const queued = await withAdmin(values, (admin) => admin.webhooks.replay(admin.actor, idOf(values), range.value));
      print(values, { queued }, `Queued ${queued} event(s) for webhook ${idOf(values)}.`);
      return;
    }
    default:
      throw new UsageError(unknownSubcommand('webhook', sub, 'add, list, pause, resume, remove, deliveries or replay'));
  }
}

async function carriersCommand(sub: string | undefined, args: string[]): Promise<void> {
  switch (sub) {
    case 'list': {
      const values = parse(args, common);
      const { cards, problems, unavailable, upstreams, cutoffs } = await withAdmin(values, async (admin) => ({
        cutoffs: await admin.carriers.cutoffs(),
        cards: await admin.carriers.cards(),
        problems: admin.carriers.problems(),
        unavailable: admin.carriers.unavailable(),
        upstreams: await admin.carriers.upstreamSettings(),
      }));
      // Keys stay out of the listing.
      const gateways = upstreams.map(({ code, name, baseUrl, version, clientId }) => ({ carrierChoice: code, name, baseUrl, version, clientId }));
      const json = cards.map(({ card, source, file, fuelSurchargePercent }) => ({
        carrierChoice: card.choiceCode,
        carrierCode: card.carrierCode,
        carrierName: card.carrierName,
        services: card.services.map((service) => service.serviceCode),
        fuelSurchargePercent,
        cutoffTime: cutoffs[card.choiceCode] ?? null,
        vatPercent: card.vatPercent,
        source,
        file,
      }));
      const lines = cards.map(({ card, source, fuelSurchargePercent }) =>
        `${card.choiceCode}\t${card.carrierName}\t${card.services.map((service) => service.serviceCode).join(',')}\tfuel ${fuelSurchargePercent}%\tVAT ${card.vatPercent}%\tcutoff ${cutoffs[card.choiceCode] ?? 'none'}\t${source}`,
      );
      const stopped = unavailable.map((entry) => ({ carrierChoice: entry.choiceCode ?? null, file: entry.file, reason: entry.reason }));
      print(
        values,
        { cards: json, problems, unavailable: stopped, upstreams: gateways },
        [...lines, ...gateways.map((entry) => `${entry.carrierChoice}\t${entry.name}\tupstream ${entry.baseUrl}/${entry.version} as client ${entry.clientId}`), ...problems.map((problem) => `skipped: ${problem}`), ...unavailable.map((entry) => `unavailable: ${entry.choiceCode ?? 'every carrier'}: ${entry.reason}`)].join('\n'),
      );
      return;
    }
    case 'set-surcharge': {
      const values = parse(args, { ...common, carrier: { type: 'string' }, percent: { type: 'string' } });
      const carrier = required(values, 'carrier');
      const percentText = required(values, 'percent');
      const percent = await withAdmin(values, (admin) => admin.carriers.setFuelSurcharge(admin.actor, carrier, percentText));
      print(values, { carrierChoice: carrier, fuelSurchargePercent: percent }, `Fuel surcharge of ${carrier} is now ${percent}%.`);
      return;
    }
    case 'set-cutoff': {
      const values = parse(args, { ...common, carrier: { type: 'string' }, time: { type: 'string' } });
      const carrier = required(values, 'carrier');
      const timeText = required(values, 'time');
      const time = await withAdmin(values, (admin) => admin.carriers.setCutoff(admin.actor, carrier, timeText === 'none' ? null : timeText));
      print(
        values,
        { carrierChoice: carrier, cutoffTime: time },
        time === null ? `${carrier} has no cutoff time: shipments ship the day they are made.` : `Shipments for ${carrier} made from ${time} on ship the next working day.`,
      );
      return;
    }
    case 'add-upstream': {
      const values = parse(args, {
        ...common,
        code: { type: 'string' },
        name: { type: 'string' },
        url: { type: 'string' },
        version: { type: 'string' },
        'client-id': { type: 'string' },
        'client-key': { type: 'string' },
        'server-key': { type: 'string' },
      });
      const checked = validateUpstreamSettings({
        code: required(values, 'code'),
        name: optional(values, 'name') ?? required(values, 'code'),
        baseUrl: required(values, 'url'),
        version: optional(values, 'version') ?? 'v3',
        clientId: required(values, 'client-id'),
        clientKey: required(values, 'client-key'),
        serverKey: required(values, 'server-key'),
      });
      if (!checked.ok) {
        const options: Record<string, string> = { code: '--code (2 to 10 capital letters or digits)', name: '--name', baseUrl: '--url (an http or https URL)', version: '--version (v3 or v3-testing)', clientId: '--client-id (a client id)', clientKey: '--client-key', serverKey: '--server-key' };
        throw new UsageError(`Invalid ${checked.fields.map((field) => options[field] ?? field).join(', ')}.`);
      }
      await withAdmin(values, (admin) => admin.carriers.addUpstream(admin.actor, checked.value));
      const { code, name, baseUrl, version, clientId } = checked.value;
      print(values, { carrierChoice: code, name, baseUrl, version, clientId }, `${name} (${code}) books through ${baseUrl}/${version} as client ${clientId}; its rates are quoted as ${code}.<carrier>.`);
      return;
    }
    case 'remove-upstream': {
      const values = parse(args, { ...common, code: { type: 'string' } });
      const code = required(values, 'code').toUpperCase();
      await withAdmin(values, (admin) => admin.carriers.removeUpstream(admin.actor, code));
      print(values, { carrierChoice: code }, `Removed the upstream service ${code}. Shipments it booked keep their labels and tracking.`);
      return;
    }
    default:
      throw new UsageError(unknownSubcommand('carriers', sub, 'list, set-surcharge, set-cutoff, add-upstream or remove-upstream'));
  }
}

async function trackingCommand(sub: string | undefined, args: string[]): Promise<void> {
  if (sub !== 'add') throw new UsageError(unknownSubcommand('tracking', sub, 'add'));
  const values = parse(args, { ...common, shipment: { type: 'string' }, status: { type: 'string' }, at: { type: 'string' }, text: { type: 'string' }, location: { type: 'string' } });
  const key = required(values, 'shipment');
  const statusText = required(values, 'status');
  const at = required(values, 'at');
  const { shipment, status } = await withAdmin(values, (admin) =>
    admin.tracking.add(admin.actor, key, { status: statusText, at, text: optional(values, 'text'), location: optional(values, 'location') }),
  );
  print(values, { id: shipment.id, trackingStatus: status, trackingDate: at }, `Tracking event ${status} at ${at} added to ${shipment.reference}.`);
}

async function keysCommand(args: string[]): Promise<void> {
  const values = parse(args, common);
  const keys = await withAdmin(values, (admin) => admin.keys);
  print(
    values,
    { serverKey: keys.serverKey, integrationKey: keys.desktopIntegrationKey },
    `Server key (signs Bearer tokens): ${keys.serverKey}\nIntegration key (${DESKTOP_INTEGRATION_NAME}): ${keys.desktopIntegrationKey}`,
  );
}

const SQLITE_ONLY =
  'backup and restore copy the SQLite file of a data folder. A shared PostgreSQL database (STATION_DATABASE_URL) is backed up with PostgreSQL’s own tools: pg_dump, or pg_basebackup with WAL archiving.';

function backupCommand(args: string[]): void {
  if (process.env.STATION_DATABASE_URL) throw new UsageError(SQLITE_ONLY);
  const values = parse(args, { ...sqliteOnly, out: { type: 'string' } });
  const out = resolve(required(values, 'out'));
  const copy = backupDataFolder(dataDirOf(values), out);
  print(values, copy, `Backed up ${copy.clients} clients and ${copy.shipments} shipments to ${copy.file} (${copy.bytes} bytes).`);
}

/** `station check`: true when the database is whole. */
/** After a finding: the newest whole scheduled backup and the command that puts it back, or what to do without one. */
function wayBack(backups: { file: string; ok: boolean; shipments?: number; problem?: string }[]): string {
  const lines = backups.filter((backup) => !backup.ok).map((backup) => `Not this backup: ${backup.problem}`);
  const good = backups.find((backup) => backup.ok);
  lines.push(
    good
      ? `The newest whole scheduled backup is ${good.file} (${good.shipments} shipments). Stop the station, and put it back with: station restore --from ${good.file}`
      : 'No whole scheduled backup is in the folder. Stop the station, and put the newest good backup you have back with station restore --from FILE.',
  );
  return lines.join('\n');
}

async function checkCommand(args: string[]): Promise<boolean> {
  const values = parse(args, common);
  const url = databaseOf(values);
  if (url) {
    const shared = await checkSharedDatabase(url);
    const how = `${shared.tables} tables and ${shared.indexes} indexes; data checksums ${shared.dataChecksums ? 'on' : 'off (initdb --data-checksums, or pg_checksums --enable on a stopped cluster)'}`;
    print(
      values,
      shared,
      shared.amcheck !== 'ran'
        ? `amcheck did not run: it is ${shared.amcheck}. ${how}. Run pg_amcheck as a superuser instead.`
        : shared.ok
          ? `The database is whole: amcheck found nothing in ${how} (${shared.milliseconds} ms).`
          : `The database is damaged. amcheck found:\n${shared.problems.map((problem) => `  ${problem}`).join('\n')}\nRestore it with PostgreSQL's own tools (pg_dump, or a base backup with WAL archiving).`,
    );
    return shared.ok;
  }
  const report = checkDataFolder(dataDirOf(values));
  print(
    values,
    report,
    report.ok
      ? `The database ${report.file} is whole: SQLite's integrity check found nothing (${report.milliseconds} ms).`
      : `The database ${report.file} is damaged. SQLite's integrity check found:\n${report.problems.map((problem) => `  ${problem}`).join('\n')}\n` +
          wayBack(report.backups ?? []),
  );
  return report.ok;
}

async function migrateCommand(args: string[]): Promise<void> {
  const values = parse(args, { ...sqliteOnly, to: { type: 'string' } });
  const url = required(values, 'to');
  if (!/^postgres(ql)?:\/\//.test(url)) throw new UsageError(`--to must be a PostgreSQL URL (postgres://user@host/database), not '${url}'.`);
  const dataDir = dataDirOf(values);
  const moved = await migrateDataFolder(dataDir, url);
  const rows = moved.reduce((total, table) => total + table.postgresRows, 0);
  print(
    values,
    { tables: moved },
    [
      `Copied ${rows} rows of ${dataDir} into PostgreSQL; every table's row count matches:`,
      ...moved.map((table) => `  ${table.table}\t${table.postgresRows}`),
      `Start the desks with --database ${url.replace(/:[^:@/]*@/, ':***@')} from now on; the SQLite file stays as it was.`,
    ].join('\n'),
  );
}

async function auditCommand(args: string[]): Promise<void> {
  const values = parse(args, { ...common, limit: { type: 'string' }, action: { type: 'string' }, actor: { type: 'string' }, 'from-desk': { type: 'string' } });
  const limitText = optional(values, 'limit') ?? '50';
  if (!/^\d+$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > 10_000) throw new UsageError(`--limit must be a number from 1 to 10000, not '${limitText}'.`);
  const events = await withAdmin(values, (admin) =>
    admin.audit.list(admin.actor, {
      before: null,
      action: optional(values, 'action') ?? null,
      actor: optional(values, 'actor') ?? null,
      desk: optional(values, 'from-desk') ?? null,
      limit: Number(limitText),
    }),
  );
  print(
    values,
    events,
    events.length === 0
      ? 'The audit log has no entries yet.'
      : events.map((event) => `${event.at}\t${event.desk}\t${event.actor}${event.actorRole ? ` (${event.actorRole})` : ` (${event.via})`}\t${event.action}\t${event.subjectType} ${event.subjectId}`).join('\n'),
  );
}

function restoreCommand(args: string[]): void {
  if (process.env.STATION_DATABASE_URL) throw new UsageError(SQLITE_ONLY);
  const values = parse(args, { ...sqliteOnly, from: { type: 'string' } });
  const from = resolve(required(values, 'from'));
  const { restored, keptAs } = restoreDataFolder(dataDirOf(values), from);
  print(
    values,
    { ...restored, keptAs: keptAs ?? null },
    `Restored ${restored.clients} clients and ${restored.shipments} shipments from ${from}.` +
      (keptAs ? ` The database it replaced is kept as ${keptAs}.` : ''),
  );
}

/** A name the Host guard may accept: a host name or an IP address, without scheme or port. */
function hostNameOf(text: string): string {
  const name = text.trim().replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (!/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(name) && !/^[0-9a-f:.]*:[0-9a-f:.]*$/.test(name)) {
    throw new UsageError(`--allow-host takes a host name or an IP address (e.g. desk-7.warehouse.lan or 192.168.1.20), not '${text}'.`);
  }
  return name;
}

/** The HTTPS certificate and key files: both, or neither. */
function tlsOf(values: Values): { certFile: string; keyFile: string } | undefined {
  const certFile = optional(values, 'tls-cert');
  const keyFile = optional(values, 'tls-key');
  if ((certFile === undefined) !== (keyFile === undefined)) throw new UsageError('Give both --tls-cert and --tls-key, or neither.');
  return certFile && keyFile ? { certFile: resolve(certFile), keyFile: resolve(keyFile) } : undefined;
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PORT;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not '${text}'.`);
  return port;
}

/** A duration from the environment, in whole milliseconds; undefined when unset. */
function millisecondsFromEnv(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`${name} must be a whole number of milliseconds, not '${text}'.`);
  return Number(text);
}

/** A positive whole number from the environment; undefined when unset. */
function countFromEnv(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  if (!/^[1-9]\d{0,2}$/.test(text)) throw new UsageError(`${name} must be a whole number from 1 to 999, not '${text}'.`);
  return Number(text);
}

async function serveCommand(args: string[]): Promise<void> {
  const values = parse(args, {
    data: { type: 'string' },
    database: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    'allow-origin': { type: 'string', multiple: true },
    'allow-host': { type: 'string', multiple: true },
    'tls-cert': { type: 'string' },
    'tls-key': { type: 'string' },
    desk: { type: 'string' },
  });
  const dataDir = dataDirOf(values);
  const port = parsePort(optional(values, 'port'));
  const host = optional(values, 'host') ?? DEFAULT_HOST;
  const allowedHosts = ((values['allow-host'] as string[] | undefined) ?? []).map(hostNameOf);
  const tls = tlsOf(values);
  const logger = consoleLogger();
  if (!isLoopbackAddress(host)) {
    logger.warn(`Listening on ${host}, not loopback: other machines may reach the station. Use a firewall.`);
    if (!tls) logger.warn('Without --tls-cert and --tls-key, passwords and tokens cross the network unencrypted.');
  }
  const schedulerIntervalMs = millisecondsFromEnv('STATION_SCHEDULER_INTERVAL_MS') ?? DEFAULT_SCHEDULER_INTERVAL_MS;
  const printTimeoutMs = millisecondsFromEnv('STATION_PRINT_TIMEOUT_MS');
  const claimLeaseMs = millisecondsFromEnv('STATION_CLAIM_LEASE_MS');
  const documentWorkers = countFromEnv('STATION_DOCUMENT_WORKERS');
  const upstreamTrackingIntervalMs = millisecondsFromEnv('STATION_UPSTREAM_TRACKING_MS');
  const manifestTransmitIntervalMs = millisecondsFromEnv('STATION_MANIFEST_TRANSMIT_MS');
  const eventRetentionDays = countFromEnv('STATION_EVENT_RETENTION_DAYS');
  const backupHours = process.env.STATION_BACKUP_HOURS;
  if (backupHours !== undefined && backupHours !== '' && !/^\d{1,4}$/.test(backupHours)) throw new UsageError(`STATION_BACKUP_HOURS must be a whole number of hours (0: no scheduled backups), not '${backupHours}'.`);
  const backupIntervalMs = backupHours === undefined || backupHours === '' ? undefined : Number(backupHours) * 3_600_000;
  const backupsKept = countFromEnv('STATION_BACKUPS_KEPT');
  const checkHours = process.env.STATION_CHECK_HOURS;
  if (checkHours !== undefined && checkHours !== '' && !/^\d{1,4}$/.test(checkHours)) throw new UsageError(`STATION_CHECK_HOURS must be a whole number of hours (0: no checks), not '${checkHours}'.`);
  const checkIntervalMs = checkHours === undefined || checkHours === '' ? undefined : Number(checkHours) * 3_600_000;
  const rendererDir = await ensureRendererBuilt(logger);
  const station = await createStation({
    dataDir,
    databaseUrl: databaseOf(values),
    desk: deskOf(values),
    claimLeaseMs,
    allowedHosts,
    tls,
    port,
    host,
    logger,
    schedulerIntervalMs,
    rendererDir,
    trackingBaseUrl: process.env.STATION_TRACKING_URL || undefined,
    printTimeoutMs,
    documentWorkers,
    upstreamTrackingIntervalMs,
    manifestTransmitIntervalMs,
    eventRetentionDays,
    backupIntervalMs,
    backupsKept,
    checkIntervalMs,
    allowedOrigins: (values['allow-origin'] as string[] | undefined) ?? [],
  });
  // Signals are handled from before anything is announced: a supervisor that stops the station as soon as it
  // reads the URL must get a clean stop, not the default kill.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info(`${signal} received, stopping`);
    station.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('Stopping failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const firstRun = await station.clients.ensureFirstClient();
  if (firstRun) announceFirstRun(dataDir, firstRun.client.username, firstRun.password);

  const url = await station.start().catch(async (error: unknown) => {
    await station.stop();
    throw error;
  });
  console.log(`Shipping Station listening on ${url} (data: ${dataDir})${rendererDir ? '' : ' (API only: no desk UI build)'}`);
}

/** Deletes the first-run credentials file, once its password is no longer the one in it; whether there was one. */
function forgetFirstRunCredentials(dataDir: string): boolean {
  const file = join(dataDir, FIRST_RUN_FILE);
  if (!existsSync(file)) return false;
  rmSync(file, { force: true });
  return true;
}

/** Shows the first client's credentials once, and leaves them in a file only this user can read. */
function announceFirstRun(dataDir: string, username: string, password: string): void {
  const file = join(dataDir, FIRST_RUN_FILE);
  const text =
    `Shipping Station first-run client\nusername: ${username}\npassword: ${password}\n` +
    `Change it with: npm run --silent station -- client set-password --username ${username} --password-stdin\n` +
    'This file is deleted once the password is changed.\n';
  writeFileSync(file, text, { mode: 0o600, flag: 'w' });
  console.log(
    `First run: created the client '${username}' with password ${password}\n` +
      `This is shown once; it is also saved in ${file} (readable only by you).\n` +
      `API keys for integrations: npm run --silent station -- keys`,
  );
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        await serveCommand(rest);
        return -1;
      case 'client':
        await clientCommand(rest[0], rest.slice(1));
        return 0;
      case 'integration':
        await integrationCommand(rest[0], rest.slice(1));
        return 0;
      case 'keys':
        await keysCommand(rest);
        return 0;
      case 'carriers':
        await carriersCommand(rest[0], rest.slice(1));
        return 0;
      case 'tracking':
        await trackingCommand(rest[0], rest.slice(1));
        return 0;
      case 'webhook':
        await webhookCommand(rest[0], rest.slice(1));
        return 0;
      case 'backup':
        backupCommand(rest);
        return 0;
      case 'migrate':
        await migrateCommand(rest);
        return 0;
      case 'audit':
        await auditCommand(rest);
        return 0;
      case 'user':
        await userCommand(rest[0], rest.slice(1));
        return 0;
      case 'config':
        await configCommand(rest[0], rest.slice(1));
        return 0;
      case 'restore':
        restoreCommand(rest);
        return 0;
      case 'check':
        return (await checkCommand(rest)) ? 0 : 1;
      case 'help':
      case '--help':
      case '-h':
        console.log(HELP);
        return 0;
      case undefined:
        console.error(HELP);
        return 2;
      default:
        throw new UsageError(`Unknown command '${command}'. Run 'npm run --silent station -- help'.`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`station: ${error.message}`);
      return 2;
    }
    if (error instanceof StationError) {
      console.error(`station: ${error.errors.map((e) => e.detail).join(' ')}`);
      // A refused option value (it names the option) is a usage error; anything else, the command failing.
      return error.parameter !== undefined ? 2 : 1;
    }
    console.error(`station: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

const code = await main(process.argv.slice(2));
if (code >= 0) process.exitCode = code;
