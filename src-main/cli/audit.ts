// `station audit`: the audit log from the admin command, newest first, filtered as the API filters it.
import { UsageError, common, optional, parse, print, withAdmin } from './arguments.ts';

export async function auditCommand(args: string[]): Promise<void> {
  const values = parse(args, {
    ...common,
    limit: { type: 'string' },
    action: { type: 'string' },
    actor: { type: 'string' },
    'from-desk': { type: 'string' },
  });
  const limitText = optional(values, 'limit') ?? '50';
  if (!/^\d+$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > 10_000)
    throw new UsageError(`--limit must be a number from 1 to 10000, not '${limitText}'.`);
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
      : events
          .map(
            (event) =>
              `${event.at}\t${event.desk}\t${event.actor}${event.actorRole ? ` (${event.actorRole})` : ` (${event.via})`}\t${event.action}\t${event.subjectType} ${event.subjectId}`,
          )
          .join('\n'),
  );
}
