// Webhooks as clients and admins manage them: a client registers endpoints for its own events, an admin for any
// client's or for every client's; each gets a secret shown once (and a new one, shown once, when it is rotated).
// Pausing, resuming, the delivery log and replays follow the same ownership. Every change is in the audit log.
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import {
  REPLAY_LIMIT,
  type NewWebhookRequest,
  type ReplayRequest,
  type WebhookChangeRequest,
  type WebhookEnvironment,
} from '../../src-shared/webhooks.ts';
import type { Actor } from '../domain/caller.ts';
import type { DeliveryRecord, DeliveryStatus, WebhookRecord } from '../domain/webhook.ts';
import { newWebhookSecret } from '../security/webhook-signature.ts';
import type { Store } from '../store/index.ts';
import { requireRole, type AuditLog } from './audit-log.ts';

export interface WebhookService {
  /** `environment`: when the request names none, whose events it receives (the prefix it was registered through). */
  add(actor: Actor, request: NewWebhookRequest, environment?: WebhookEnvironment): Promise<WebhookRecord>;
  /** The actor's own webhooks; an admin's or the admin command's: every webhook. */
  list(actor: Actor): Promise<(WebhookRecord & { pending: number })[]>;
  get(actor: Actor, id: string): Promise<WebhookRecord & { pending: number }>;
  remove(actor: Actor, id: string): Promise<void>;
  setStatus(actor: Actor, id: string, status: 'active' | 'paused'): Promise<WebhookRecord & { pending: number }>;
  /**
   * A PATCH: its URL, events and environment as given, and a new secret when asked (audited as webhook.changed, the
   * secret never in the log), then its status. `rotated`: the new secret is in the record, to be answered once.
   */
  change(actor: Actor, id: string, change: WebhookChangeRequest): Promise<WebhookRecord & { pending: number; rotated: boolean }>;
  deliveries(
    actor: Actor,
    id: string,
    filter: { before: string | null; status: DeliveryStatus | null; limit: number },
  ): Promise<DeliveryRecord[]>;
  replay(actor: Actor, id: string, range: ReplayRequest): Promise<number>;
}

const isAdmin = (actor: Actor) => actor.via === 'cli' || actor.user.role === 'admin';

export function createWebhookService(store: Store, audit: AuditLog, onChange: () => void = () => undefined): WebhookService {
  /** The webhook, if the actor may see it: its own client's, or any for an admin. Others are not found. */
  const owned = async (actor: Actor, id: string) => {
    const webhook = await store.webhooks.get(id);
    if (!webhook || (!isAdmin(actor) && (actor.via !== 'api' || webhook.clientId !== actor.client.id)))
      throw new StationError('webhook.notFound', ERROR_TEXT.noSuchWebhook(id));
    return webhook;
  };
  const withPending = async (webhook: WebhookRecord) => ({ ...webhook, pending: await store.webhooks.pendingCount(webhook.id) });
  const subject = (id: string) => ({ type: 'webhook' as const, id });
  const setStatus: WebhookService['setStatus'] = async (actor, id, status) => {
    const webhook = await owned(actor, id);
    if (webhook.status !== status) {
      const changed = audit.change(actor, status === 'active' ? 'webhook.resumed' : 'webhook.paused', subject(webhook.id), {
        url: webhook.url,
      });
      await store.audited(
        changed,
        'webhooks',
        'setStatus',
        webhook.id,
        status,
        status === 'paused' ? ERROR_TEXT.webhookPausedByHand : null,
      );
      onChange();
    }
    return withPending((await store.webhooks.get(webhook.id))!);
  };

  return {
    async add(actor, request, registeredIn = 'live') {
      let clientId: string | null;
      if (request.allClients) {
        requireRole(actor, 'admin', 'A webhook for every client’s events');
        clientId = null;
      } else if (request.clientId !== undefined && (actor.via === 'cli' || request.clientId !== actor.client.id)) {
        requireRole(actor, 'admin', 'A webhook for another client’s events');
        if (!(await store.clients.byId(request.clientId))) {
          throw new StationError('client.notFound', ERROR_TEXT.noClientWithId(request.clientId), {
            pointer: '/data/attributes/clientId',
            parameter: 'client',
          });
        }
        clientId = request.clientId;
      } else if (actor.via === 'api') {
        clientId = actor.client.id;
      } else {
        throw new StationError('webhook.needsClient', ERROR_TEXT.webhookNeedsClient, { parameter: 'client' });
      }
      // It receives what happens from now on; older events can be replayed to it.
      const eventTypes = [...new Set(request.events)];
      const environment = request.environment ?? registeredIn;
      const added = audit.change(
        actor,
        'webhook.added',
        subject(''),
        { url: request.url, events: eventTypes, clientId, environment },
        { fromResult: { subjectId: 'id', 'detail.url': 'url', 'detail.events': 'eventTypes' } },
      );
      const webhook = await store.audited(added, 'webhooks', 'add', {
        url: request.url,
        eventTypes,
        clientId,
        secret: newWebhookSecret(),
        cursor: await store.events.latestId(),
        environment,
      });
      onChange();
      return webhook;
    },
    list: async (actor) =>
      Promise.all(
        (await store.webhooks.list({ clientId: isAdmin(actor) ? null : actor.via === 'api' ? actor.client.id : null })).map(withPending),
      ),
    get: async (actor, id) => withPending(await owned(actor, id)),
    async remove(actor, id) {
      const webhook = await owned(actor, id);
      await store.audited(
        audit.change(actor, 'webhook.removed', subject(webhook.id), { url: webhook.url }),
        'webhooks',
        'remove',
        webhook.id,
      );
      onChange();
    },
    setStatus,
    async change(actor, id, request) {
      const webhook = await owned(actor, id);
      const change = {
        ...(request.url !== undefined && request.url !== webhook.url ? { url: request.url } : {}),
        ...(request.events !== undefined ? { eventTypes: [...new Set(request.events)] } : {}),
        ...(request.environment !== undefined && request.environment !== webhook.environment ? { environment: request.environment } : {}),
      };
      const rotated = request.rotateSecret === true;
      if (Object.keys(change).length > 0 || rotated) {
        const from = { url: webhook.url, events: webhook.eventTypes, environment: webhook.environment };
        const { eventTypes, ...rest } = change;
        const changed = audit.change(actor, 'webhook.changed', subject(webhook.id), {
          from,
          to: { ...from, ...rest, ...(eventTypes ? { events: eventTypes } : {}) },
          ...(rotated ? { secretRotated: true } : {}),
        });
        if (
          !(await store.audited(changed, 'webhooks', 'change', webhook.id, {
            ...change,
            ...(rotated ? { secret: newWebhookSecret() } : {}),
          }))
        ) {
          throw new StationError('webhook.notFound', ERROR_TEXT.noSuchWebhook(id));
        }
        onChange();
      }
      const after =
        request.status === undefined
          ? await withPending((await store.webhooks.get(webhook.id))!)
          : await setStatus(actor, id, request.status);
      return { ...after, rotated };
    },
    async deliveries(actor, id, filter) {
      const webhook = await owned(actor, id);
      return store.webhooks.deliveries(webhook.id, filter);
    },
    async replay(actor, id, range) {
      const webhook = await owned(actor, id);
      const replayed = audit.change(
        actor,
        'webhook.replayed',
        subject(webhook.id),
        { fromEventId: range.fromEventId, toEventId: range.toEventId, queued: 0 },
        { fromResult: { 'detail.queued': '' } },
      );
      const queued = await store.audited(
        replayed,
        'webhooks',
        'enqueueRange',
        webhook.id,
        range.fromEventId,
        range.toEventId,
        REPLAY_LIMIT,
      );
      onChange();
      return queued;
    },
  };
}
