// What the middleware learns about a request and hands on to the routes, typed once.
import type { ParameterizedContext } from 'koa';
import type { Caller } from '../domain/caller.ts';
import type { ClientRecord } from '../domain/client.ts';
import type { UserRecord } from '../domain/user.ts';

export interface ApiState {
  /** Scheme and host of this request, e.g. http://127.0.0.1:8411. */
  origin: string;
  /** Scheme, host and version prefix of this request, e.g. http://127.0.0.1:8411/v3; links are built on it. */
  apiBase: string;
  /** The path routes are matched on: the request's path without its version prefix. */
  route: string;
  /** True under /v3-testing: the sandbox keeps its data apart from /v3. */
  sandbox: boolean;
  /** The account the request works on, and the user in it who acts: set by the Bearer check. */
  client?: ClientRecord;
  user?: UserRecord;
  /** The token was signed by the integrator with the server key and names no user. */
  serverKeyToken?: boolean;
  /**
   * The request's JSON body, read and checked by the body middleware; undefined when it sent none. Routes do not
   * read it: their endpoint's parse step does (router.ts), and the Idempotency-Key's fingerprint.
   */
  body?: unknown;
}

/** The Koa context of an API request, with the route's path parameters (their names, when the route is known). */
export type ApiContext<Params extends string = string> = ParameterizedContext<ApiState> & { params: Record<Params, string> };

/** The signed-in caller of a request past the Bearer check: its account, its user, and the sandbox or not. */
export function callerOf(ctx: ApiContext): Caller {
  const { client, user, sandbox, serverKeyToken } = ctx.state;
  if (!client || !user) throw new Error('callerOf: the request has not passed the Bearer check');
  return { client, user, sandbox, ...(serverKeyToken ? { serverKeyToken: true } : {}) };
}

/**
 * The JSON the caller sent, as read, before any route's rules: what an endpoint's parse step takes (router.ts), and
 * what a route parses again when it answers a repeat from what its key made (the Idempotency-Key's recovery).
 */
export function requestBody(ctx: ApiContext): unknown {
  return ctx.state.body;
}
