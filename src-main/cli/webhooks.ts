// `station webhook …`: an account's webhooks from the admin command, checked by the same rules as the API.
import { UsageError, common, optional, parse, print, required, unknownSubcommand, withAdmin, type Values } from './arguments.ts';
import type { StationAdmin } from '../admin.ts';
import { EVENT_TYPES } from '../../src-shared/events.ts';
import { validateNewWebhook, validateReplay, validateWebhookChange } from '../../src-shared/webhooks.ts';

/** A contract refusal as a usage message naming the option: /data/attributes/events → --events. */
function optionProblem(pointer: string | undefined, options: Record<string, string>): string {
  const field = pointer?.split('/')[3] ?? '';
  return options[field] ?? field;
}

export async function webhookCommand(sub: string | undefined, args: string[]): Promise<void> {
  const idOf = (values: Values) => required(values, 'id');
  const line = (hook: Awaited<ReturnType<StationAdmin['webhooks']['list']>>[number]) =>
    `${hook.id}\t${hook.status}${hook.pausedReason ? ` (${hook.pausedReason})` : ''}\t${hook.clientId === null ? 'every client' : `client ${hook.clientId}`}\t${hook.environment}\t${hook.eventTypes.join(',')}\t${hook.url}\t${hook.pending} pending`;
  const shown = (hook: Awaited<ReturnType<StationAdmin['webhooks']['list']>>[number]) => {
    const { secret: _secret, rotated: _rotated, ...rest } = hook as typeof hook & { rotated?: boolean };
    return rest;
  };
  switch (sub) {
    case 'add': {
      const values = parse(args, {
        ...common,
        url: { type: 'string' },
        events: { type: 'string' },
        client: { type: 'string' },
        environment: { type: 'string' },
      });
      const client = optional(values, 'client');
      const request = validateNewWebhook({
        data: {
          type: 'webhook',
          attributes: {
            url: required(values, 'url'),
            events: required(values, 'events'),
            clientId: client,
            allClients: client === undefined,
            environment: optional(values, 'environment'),
          },
        },
      });
      if (!request.ok) {
        const option = optionProblem(request.errors[0]!.source?.pointer, {
          url: '--url (an http or https URL)',
          events: `--events (one or more of ${EVENT_TYPES.join(', ')})`,
          clientId: '--client (a client id)',
          environment: '--environment (live, sandbox or both)',
        });
        throw new UsageError(`Invalid ${option}.`);
      }
      const added = await withAdmin(values, (admin) => admin.webhooks.add(admin.actor, request.value));
      print(
        values,
        { id: added.id, secret: added.secret },
        `Webhook ${added.id} sends ${added.eventTypes.join(', ')} of ${added.clientId === null ? 'every client' : `client ${added.clientId}`} (${added.environment === 'both' ? 'live and sandbox' : added.environment}) to ${added.url}.\n` +
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
    case 'change': {
      const values = parse(args, {
        ...common,
        id: { type: 'string' },
        url: { type: 'string' },
        events: { type: 'string' },
        environment: { type: 'string' },
      });
      const id = idOf(values);
      const request = validateWebhookChange({
        data: {
          type: 'webhook',
          attributes: { url: optional(values, 'url'), events: optional(values, 'events'), environment: optional(values, 'environment') },
        },
      });
      if (!request.ok) {
        const option = optionProblem(request.errors[0]!.source?.pointer, {
          url: '--url (an http or https URL)',
          events: `--events (one or more of ${EVENT_TYPES.join(', ')})`,
          environment: '--environment (live, sandbox or both)',
          status: 'change: give at least one of --url, --events and --environment',
        });
        throw new UsageError(option.startsWith('change:') ? `${option}.` : `Invalid ${option}.`);
      }
      const hook = await withAdmin(values, (admin) => admin.webhooks.change(admin.actor, id, request.value));
      print(values, shown(hook), line(hook));
      return;
    }
    case 'rotate-secret': {
      const values = parse(args, { ...common, id: { type: 'string' } });
      const id = idOf(values);
      const hook = await withAdmin(values, (admin) => admin.webhooks.change(admin.actor, id, { rotateSecret: true }));
      print(
        values,
        { id: hook.id, secret: hook.secret },
        `Webhook ${hook.id} signs its deliveries with a new secret from now on (shown once; give it to the receiver now): ${hook.secret}`,
      );
      return;
    }
    case 'deliveries': {
      const values = parse(args, { ...common, id: { type: 'string' }, limit: { type: 'string' }, status: { type: 'string' } });
      const limitText = optional(values, 'limit') ?? '50';
      if (!/^\d+$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > 10_000)
        throw new UsageError(`--limit must be a number from 1 to 10000, not '${limitText}'.`);
      const status = optional(values, 'status');
      if (status !== undefined && !['pending', 'delivered', 'dead'].includes(status))
        throw new UsageError(`--status must be pending, delivered or dead, not '${status}'.`);
      const found = await withAdmin(values, (admin) =>
        admin.webhooks.deliveries(admin.actor, idOf(values), {
          before: null,
          status: (status ?? null) as 'pending' | null,
          limit: Number(limitText),
        }),
      );
      print(
        values,
        found,
        found.length === 0
          ? 'No deliveries yet.'
          : found
              .map(
                (entry) =>
                  `${entry.createdAt}\tevent ${entry.eventId} ${entry.eventType}\t${entry.status}\t${entry.attempts} attempt(s)${entry.lastError ? `\t${entry.lastError}` : ''}`,
              )
              .join('\n'),
      );
      return;
    }
    case 'replay': {
      const values = parse(args, { ...common, id: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } });
      const range = validateReplay({
        data: { type: 'webhookReplay', attributes: { fromEventId: required(values, 'from'), toEventId: required(values, 'to') } },
      });
      if (!range.ok) throw new UsageError('--from and --to must be event ids (whole numbers), --from not above --to.');
      const queued = await withAdmin(values, (admin) => admin.webhooks.replay(admin.actor, idOf(values), range.value));
      print(values, { queued }, `Queued ${queued} event(s) for webhook ${idOf(values)}.`);
      return;
    }
    default:
      throw new UsageError(
        unknownSubcommand('webhook', sub, 'add, list, change, rotate-secret, pause, resume, remove, deliveries or replay'),
      );
  }
}
