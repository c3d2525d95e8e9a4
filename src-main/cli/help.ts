// The text `station help` prints: every command's forms, in the order an operator meets them. Each command group's
// own lines live beside it (cli/users.ts, cli/config.ts) and are put in here.
import { defaultDataDir } from '../data-dir.ts';
import { CONFIG_HELP } from './config.ts';
import { USER_HELP } from './users.ts';
import { EVENT_TYPES } from '../../src-shared/events.ts';
import { TRACKING_STATUSES } from '../../src-shared/tracking-status.ts';
import { DEFAULT_HOST, DEFAULT_ORDERS_FOLDER_POLL_MS, DEFAULT_PORT, DEFAULT_SCHEDULER_INTERVAL_MS } from '../station.ts';

// The text of `station site …` (cli/sites.ts): here, so help loads none of that module's rules.
const SITE_HELP = `  site list --client C [--data DIR] [--json]
      The account's sites (C: its id or username), the main one (1) first, with which site this desk stands at.
  site add NAME --client C [--address JSON] [--return-address JSON] [--time-zone ZONE] [--holidays D,D…]
        [--cutoff CHOICE=HH:MM]… [PRINT DEFAULTS] [--data DIR] [--json]
      Adds a site. Its address (the sender of its shipments and the pickups' address) is a JSON object
      {"name","contact","address1","postalCode","city","country",…}; without it, the account's own. Its time
      zone, holidays and cutoffs are the station's unless given; CHOICE is a carrier's code, in any case.
  site set ID --client C [--name NAME] [--address JSON|account] [--return-address JSON|site]
        [--time-zone ZONE|station] [--holidays D,D…|station] [--cutoff CHOICE=HH:MM]… [PRINT DEFAULTS]
        [--data DIR] [--json]
      Changes a site; 'account', 'site' and 'station' set a member back to what the account or station says.
      PRINT DEFAULTS, what the site's desks print with until an account chooses otherwise at a desk, each
      one set alone ('none' takes it away): [--label-format pdf|zpl|epl2|png] [--dpi 203|300]
        [--label-size 4x6|4x8|a6|a5] [--auto-print yes|no] [--printer NAME] [--a4-printer NAME]
  site desk ID --client C --desk DESK [--data DIR] [--json]
      DESK stands at site ID for the account: its new shipments, its close, its Today and Reports are that
      site's (what a supervisor chooses at the desk). 'serve --site NAME' names it for every account at start.`;

export const HELP = `Shipping Station admin command

Usage: npm run --silent station -- <command> [options]

  serve [--data DIR] [--database URL] [--desk NAME] [--site SITE] [--port N] [--host 127.0.0.1] [--allow-origin ORIGIN]...
        [--allow-host NAME]... [--tls-cert FILE --tls-key FILE] [--orders-folder DIR [--orders-user USERNAME]]
      Run the headless station (API) until SIGINT/SIGTERM. Defaults: port ${DEFAULT_PORT}, host ${DEFAULT_HOST}.
      --desk names this desk (default: the host name): its print jobs print only on its printers, and the
      audit log names it. --site names the site (warehouse) it stands at, by name or id, in each account
      that has it: its shipments, close, Today and Reports are that site's (a site chosen at the desk wins).
      --allow-host lets other PCs reach it by that name or address (with --host
      0.0.0.0); --tls-cert and --tls-key serve HTTPS.
      --orders-folder imports every order file (.csv, .tsv, .txt, .xlsx) that appears in DIR, once it has
      stopped growing, as USERNAME (its account gets the orders; without --orders-user, the only account's
      first admin), and moves it to DIR/imported/, or to DIR/failed/ with a .faults.txt beside it. It wins
      over the station's orders folder setting (the desk's Settings), which is watched without it.
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
  webhook add --url URL --events TYPE,TYPE [--client ID] [--environment live|sandbox|both] [--data DIR] [--json]
      Register an endpoint for one client's events, or for every client's without --client; live events
      unless --environment says sandbox (/v3-testing's) or both. TYPEs:
      ${EVENT_TYPES.slice(0, 4).join(', ')},
      ${EVENT_TYPES.slice(4, 8).join(', ')},
      ${EVENT_TYPES.slice(8).join(', ')}.
      Prints the secret once ({"id","secret"} with --json). Deliveries are signed with it:
      Station-Signature: t=<unix seconds>,v1=<HMAC-SHA256 of "<t>.<body>" in hex>.
  webhook list [--data DIR] [--json]
  webhook change --id ID [--url URL] [--events TYPE,TYPE] [--environment live|sandbox|both] [--data DIR] [--json]
      Changes where it sends, which events and whose; what was queued goes to the new URL.
  webhook rotate-secret --id ID [--data DIR] [--json]
      A new signing secret, printed once ({"id","secret"} with --json); deliveries are signed with it from now on.
  webhook pause --id ID | webhook resume --id ID | webhook remove --id ID [--data DIR] [--json]
      A webhook that fails for a day is paused by the station; resume it once its endpoint works.
  webhook deliveries --id ID [--limit N] [--status pending|delivered|dead] [--data DIR] [--json]
      The delivery log, newest first.
  webhook replay --id ID --from EVENT_ID --to EVENT_ID [--data DIR] [--json]
      Send the webhook's events with these ids again (at most 10000).
${USER_HELP}
${CONFIG_HELP}
${SITE_HELP}
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
database is quick_checked, and once after start; default 24, 0: never), STATION_REFERENCE_BLOCK
(SQLite: shipment references reserved per write; default 50, 1: a write per reference),
STATION_ORDERS_FOLDER and STATION_ORDERS_USER (as --orders-folder and --orders-user),
STATION_ORDERS_FOLDER_POLL_MS (how often the orders folder is looked at; default ${DEFAULT_ORDERS_FOLDER_POLL_MS}).

The data folder defaults to $STATION_DATA_DIR, else ${defaultDataDir()}.
`;
