// `station config`: the station's calendar from the admin command. The time zone every desk counts days in, and
// the holidays on which nothing ships (docs/operations.md, "Dates and time zones"); and how long its Bearer tokens live.
import type { StationAdmin } from '../admin.ts';
import { UsageError, common, parseWithPositionals, print, unknownSubcommand, withAdmin } from './arguments.ts';

export const CONFIG_HELP = `  config show [--data DIR] [--json]
      The station's time zone, its today and next working day, and its holidays.
  config set-time-zone ZONE [--data DIR] [--json]
      The zone every desk of the station counts days in: ship dates, carrier cutoffs, the day's close,
      Today, reports and pickups. ZONE is an IANA name such as Europe/Rome or America/New_York. A new
      station starts in the operating system's zone.
  config holidays list | add DATE... | remove DATE... [--data DIR] [--json]
      Days besides Saturday and Sunday on which nothing ships (YYYY-MM-DD): a shipment made on one, or
      after its carrier's cutoff the day before, ships on the next working day.
  config token-lifetime [DURATION] [--data DIR] [--json]
      How long a Bearer token the station issues at sign-in works (its exp); with DURATION, sets it for the
      tokens issued from then on: 5m to 7d, e.g. 12h, 90m, 1h30m, 2d (default 12h, a working shift). The
      desk renews its token before it expires; an ERP signs in again, or renews it.`;

/**
 * A duration as the admin writes it: days, hours, minutes and seconds, each a whole number with its unit, in that
 * order (12h, 90m, 1h30m, 7d, 300s); undefined when it is not one.
 */
function parseDuration(text: string): number | undefined {
  const match = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m(?:in)?)?(?:(\d+)s)?$/i.exec(text.trim());
  if (!match || text.trim() === '') return undefined;
  const [days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number];
  return ((days * 24 + hours) * 60 + minutes) * 60 + seconds;
}

/** Seconds as the admin would write them: 12h, 1h30m, 7d, 45s. */
function formatDuration(total: number): string {
  const parts: string[] = [];
  let rest = total;
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    if (rest >= size) parts.push(`${Math.floor(rest / size)}${unit}`);
    rest %= size;
  }
  return parts.join('') || '0s';
}

/** The token settings as the admin facade reads them. */
type TokenSettings = Awaited<ReturnType<StationAdmin['tokenLifetime']['read']>>;

function tokenLifetimeShown(settings: TokenSettings) {
  return { lifetimeSeconds: settings.lifetimeSeconds, lifetime: formatDuration(settings.lifetimeSeconds), isDefault: settings.isDefault };
}

/** What every config command prints: the calendar as the station describes it after the command, without its clock. */
async function shown(admin: StationAdmin, command: () => Promise<unknown> = async () => undefined) {
  await command();
  const { now: _now, ...calendar } = await admin.calendar.describe();
  return calendar;
}

function text(calendar: Awaited<ReturnType<typeof shown>>): string {
  const upcoming = calendar.holidays.filter((date) => date >= calendar.today);
  return [
    `Time zone: ${calendar.timeZone}`,
    `Today: ${calendar.today}; next working day: ${calendar.nextWorkingDay}`,
    upcoming.length === 0 ? 'Holidays ahead: none' : `Holidays ahead: ${upcoming.join(', ')}`,
    ...(upcoming.length < calendar.holidays.length ? [`Past holidays kept: ${calendar.holidays.length - upcoming.length}`] : []),
  ].join('\n');
}

export async function configCommand(sub: string | undefined, args: string[]): Promise<void> {
  switch (sub) {
    case 'show': {
      const { values } = parseWithPositionals(args, common, 0);
      const calendar = await withAdmin(values, (admin) => shown(admin));
      print(values, calendar, text(calendar));
      return;
    }
    case 'set-time-zone': {
      const { values, positionals } = parseWithPositionals(args, common, 1);
      const zone = positionals[0];
      if (zone === undefined) throw new UsageError("'config set-time-zone' needs the zone, e.g. config set-time-zone Europe/Rome.");
      const calendar = await withAdmin(values, (admin) => shown(admin, () => admin.calendar.change(admin.actor, { timeZone: zone })));
      print(values, calendar, `The station counts days in ${calendar.timeZone}. Today there is ${calendar.today}.`);
      return;
    }
    case 'holidays': {
      const [action, ...rest] = args;
      const { values, positionals } = parseWithPositionals(rest, common, Number.MAX_SAFE_INTEGER);
      if (action === 'list') {
        if (positionals.length > 0) throw new UsageError(`Unexpected argument '${positionals[0]}'.`);
        const calendar = await withAdmin(values, (admin) => shown(admin));
        print(values, calendar, calendar.holidays.length === 0 ? 'No holidays.' : calendar.holidays.join('\n'));
        return;
      }
      if (action !== 'add' && action !== 'remove')
        throw new UsageError(unknownSubcommand('config holidays', action, 'list, add or remove'));
      if (positionals.length === 0)
        throw new UsageError(`'config holidays ${action}' needs one or more dates, e.g. config holidays ${action} 2026-12-25.`);
      const calendar = await withAdmin(values, (admin) =>
        shown(admin, () =>
          action === 'add' ? admin.calendar.addHolidays(admin.actor, positionals) : admin.calendar.removeHolidays(admin.actor, positionals),
        ),
      );
      print(values, calendar, `${action === 'add' ? 'Added' : 'Removed'} ${positionals.join(', ')}.\n${text(calendar)}`);
      return;
    }
    case 'token-lifetime': {
      const { values, positionals } = parseWithPositionals(args, common, 1);
      const given = positionals[0];
      const seconds = given === undefined ? undefined : parseDuration(given);
      if (given !== undefined && seconds === undefined)
        throw new UsageError(`'${given}' is not a duration. Give it as 12h, 90m, 1h30m or 2d (from 5m to 7d).`);
      const settings = await withAdmin(values, (admin) =>
        seconds === undefined ? admin.tokenLifetime.read() : admin.tokenLifetime.set(admin.actor, seconds),
      );
      const shown = tokenLifetimeShown(settings);
      const lifetime = `${shown.lifetime}${settings.isDefault ? ' (the default)' : ''}`;
      print(
        values,
        shown,
        seconds === undefined
          ? `Tokens live ${lifetime}.`
          : `Tokens issued from now on live ${lifetime}; tokens issued before keep their expiry.`,
      );
      return;
    }
    default:
      throw new UsageError(unknownSubcommand('config', sub, 'show, set-time-zone, holidays or token-lifetime'));
  }
}
