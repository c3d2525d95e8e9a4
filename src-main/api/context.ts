// What the middleware learns about a request and hands on to the routes, typed once.
import type { ParameterizedContext } from 'koa';
import type { ClientRecord } from '../domain/client.ts';

export interface ApiState {
  /** Scheme and host of this request, e.g. http://127.0.0.1:8411. */
  origin: string;
  /** Scheme, host and version prefix of this request, e.g. http://127.0.0.1:8411/v3; links are built on it. */
  apiBase: string;
  /** The path routes are matched on: the request's path without its version prefix. */
  route: string;
  /** True under /v3-testing: the sandbox keeps its data apart from /v3. */
  sandbox: boolean;
  client?: ClientRecord;
  /** The request's JSON body, read and checked by the body middleware; undefined when it sent none. */
  body?: unknown;
}

/** The Koa context of an API request, with the route's path parameters. */
export type ApiContext = ParameterizedContext<ApiState> & { params: Record<string, string> };
