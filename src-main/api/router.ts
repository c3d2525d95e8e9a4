// The API's routing on find-my-way's radix tree (measured at about 45k requests a second against 37k for
// @koa/router with the station's routes of that time). Each route is an entry of the route table
// (src-shared/routes.ts), served on a router of its kind: open, or signed-in, whose routes run the Bearer check and
// the role the table names before their own handlers, so a new route is protected without anyone remembering it. A path that exists
// under other methods answers 405 with Allow, OPTIONS answers 204 with Allow, anything else 404.
// A route's last handler is its endpoint: it receives the request typed by the entry, `{ body, params, query }`,
// the body parsed by the endpoint's own parse step once the handlers before it (the Bearer check, the role, an
// Idempotency-Key) have let the request through.
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { Next } from 'koa';
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import type { PathParameterNames, RouteSpec } from '../../src-shared/routes.ts';
import { requestBody, type ApiContext } from './context.ts';
import { queryParameter } from './query.ts';

/** A handler of a route; `Params`: the names of its path's parameters, which `ctx.params` holds. */
export type RouteHandler<Params extends string = string> = (ctx: ApiContext<Params>, next: Next) => unknown;
/** The parameter names of a route's path: those of its entry's path literal (any name for a path not known to the types). */
type ParamsOf<Path extends string> = string extends Path ? string : PathParameterNames<Path>;

/** The query parameters an entry lists (the keys of its query schema), and each `filter[name]` by its plain name too. */
type ListedQuery<S> = S extends { readonly types?: { query: infer Q } } ? (Q extends undefined ? never : keyof Q & string) : never;
type PlainName<Name extends string> = Name extends `filter[${infer Plain}]` ? Plain : never;
export type QueryNames<S> = ListedQuery<S> | PlainName<ListedQuery<S>>;
/**
 * A route's query parameters, each as the station reads it (query.ts): the last value given, a plain name also
 * read in its filter form (dateFrom or filter[dateFrom]). Only the names the entry lists: any other fails the typecheck.
 */
export type RouteQuery<Names extends string> = { readonly [Name in Names]?: string };
/** What an entry's request body is, as a caller sends it (undefined: the entry takes none). */
type BodyIn<S> = S extends { readonly types?: { body: infer B } } ? B : undefined;

/** What a route's endpoint receives: the body its parse step made, the path's parameters, the entry's query parameters. */
export interface RouteInput<Body, Params extends string, Query extends string> {
  readonly body: Body;
  readonly params: Readonly<Record<Params, string>>;
  readonly query: RouteQuery<Query>;
}
/** The end of a route: it answers the request, given the request as its entry types it. */
export type EndpointHandler<Params extends string, Query extends string, Body> = (
  ctx: ApiContext<Params>,
  input: RouteInput<Body, Params, Query>,
) => unknown;
/** A route taking a body: `parse` turns the JSON the caller sent into what `handle` needs, or throws the refusal (400). */
export interface ParsedEndpoint<Params extends string, Query extends string, Body> {
  readonly parse: (raw: unknown, ctx: ApiContext<Params>) => Body | Promise<Body>;
  readonly handle: EndpointHandler<Params, Query, Body>;
}
/** The endpoint of entry S: with a parse step when the entry takes a body, or a plain handler when it takes none. */
export type Endpoint<S extends RouteGuarded, Body> =
  | ParsedEndpoint<ParamsOf<S['path']>, QueryNames<S>, Body>
  | (BodyIn<S> extends undefined ? EndpointHandler<ParamsOf<S['path']>, QueryNames<S>, undefined> : never);
/** The query parameters of entry S, as its endpoint reads them (for a helper that reads them for it). */
export type QueryOf<S> = RouteQuery<QueryNames<S>>;

interface Route {
  method: HTTPMethod;
  path: string;
  handlers: RouteHandler[];
}

/** The methods the station serves, in the order an Allow header lists them. */
const METHODS: readonly HTTPMethod[] = ['HEAD', 'GET', 'POST', 'PATCH', 'DELETE'];

/** What the router reads of a route's entry in the table. */
type RouteGuarded = Pick<RouteSpec, 'method' | 'path' | 'access' | 'action' | 'query' | 'file'>;

/** Whether a router's routes are open to anyone, or each checks the caller's Bearer token first. */
export type RouterAccess = 'open' | 'signed-in';

export class ApiRouter {
  readonly routes: Route[] = [];
  private readonly access: RouterAccess;
  private readonly before: RouteHandler[];
  private readonly guard: ((spec: RouteGuarded) => RouteHandler | undefined) | undefined;
  private readonly body: ((spec: RouteGuarded) => RouteHandler) | undefined;

  /**
   * `before`: handlers that run ahead of every route of this router (the Bearer check); `guard`: a handler for
   * each route made from its entry of the table, run after them (the role the route needs), if it makes one;
   * `body`: the reading of the request's body (made for each route: JSON, or the file a route takes as it is), run
   * after both, so only a caller who may call the route has it read.
   */
  constructor(
    access: RouterAccess,
    options: {
      before?: RouteHandler[];
      guard?: (spec: RouteGuarded) => RouteHandler | undefined;
      body?: (spec: RouteGuarded) => RouteHandler;
    } = {},
  ) {
    this.access = access;
    this.before = options.before ?? [];
    this.guard = options.guard;
    this.body = options.body;
  }

  /**
   * Serves a route of the table (src-shared/routes.ts): the handlers before its endpoint run first, each given
   * `next`; then the endpoint's parse step, then the endpoint. A GET serves HEAD too (Koa sends its headers without
   * the body). An open route on a signed-in router, or the reverse, is a mistake: it throws.
   */
  on<const S extends RouteGuarded, Body = undefined>(
    spec: S,
    ...handlers: [...before: RouteHandler<ParamsOf<S['path']>>[], endpoint: Endpoint<S, Body>]
  ): this {
    if ((spec.access === 'open') !== (this.access === 'open')) {
      throw new Error(
        `${spec.method} ${spec.path} is ${spec.access === 'open' ? 'open' : 'for signed-in callers'} in the route table, but registered on a ${this.access} router`,
      );
    }
    const guard = this.guard?.(spec);
    const before = handlers.slice(0, -1) as RouteHandler[];
    const last = endpoint(handlers.at(-1) as Endpoint<RouteGuarded, unknown>, queryNames(spec));
    // The tree hands each route the parameters of its own path: its handlers' ctx.params has the names they read.
    const body = this.body?.(spec);
    const all = [...(guard ? [guard] : []), ...(body ? [body] : []), ...before, last];
    this.add(spec.method, spec.path, all);
    if (spec.method === 'GET') this.add('HEAD', spec.path, all);
    return this;
  }

  private add(method: HTTPMethod, path: string, handlers: RouteHandler[]): void {
    this.routes.push({ method, path, handlers: [...this.before, ...handlers] });
  }
}

/** The names a route's endpoint may read of its query: the entry's, and each `filter[name]` by its plain name too. */
function queryNames(spec: RouteGuarded): string[] {
  const listed = Object.keys(spec.query?.shape ?? {});
  const plain = listed.flatMap((name) => /^filter\[(.+)\]$/.exec(name)?.[1] ?? []);
  return [...new Set([...listed, ...plain])];
}

/** The handler that runs an endpoint: its parse step over the body read, then the endpoint with the typed request. */
function endpoint(end: Endpoint<RouteGuarded, unknown>, names: readonly string[]): RouteHandler {
  const readQuery = (ctx: ApiContext): Record<string, string | undefined> => {
    const query: Record<string, string | undefined> = {};
    for (const name of names) query[name] = queryParameter(ctx, name);
    return query;
  };
  if (typeof end === 'function') return (ctx) => end(ctx, { body: undefined, params: ctx.params, query: readQuery(ctx) });
  const handle = (ctx: ApiContext, body: unknown) => end.handle(ctx, { body, params: ctx.params, query: readQuery(ctx) });
  // A parse step that answers at once (most do) goes straight on to the endpoint; a refusal it throws is the
  // rejection of the body's reading, which awaits this.
  return (ctx) => {
    const body = end.parse(requestBody(ctx), ctx);
    return body instanceof Promise ? body.then((parsed) => handle(ctx, parsed)) : handle(ctx, body);
  };
}

const DONE = Promise.resolve();

/**
 * Runs a route's handlers in order, each given `next` for the one after it. A handler's own promise is passed on as
 * it is (what it resolves to is read by nobody), not wrapped in two more per handler.
 */
function run(handlers: readonly RouteHandler[], ctx: ApiContext, index = 0): Promise<void> {
  const handler = handlers[index];
  if (!handler) return DONE;
  const result = handler(ctx, () => run(handlers, ctx, index + 1));
  return result instanceof Promise ? (result as Promise<void>) : DONE;
}

/** One middleware serving every route of the routers; it ends the middleware chain. */
export function routing(...routers: ApiRouter[]) {
  const tree = FindMyWay({ ignoreTrailingSlash: true, caseSensitive: true });
  for (const route of routers.flatMap((router) => router.routes)) {
    tree.on(route.method, route.path, () => undefined, route.handlers);
  }
  const allowed = (path: string) => METHODS.filter((method) => tree.find(method, path) !== null);

  return function route(ctx: ApiContext): Promise<void> {
    const path = ctx.state.route;
    const found = tree.find(ctx.method as HTTPMethod, path);
    if (found) {
      ctx.params = found.params as Record<string, string>;
      return run(found.store as RouteHandler[], ctx);
    }
    const methods = allowed(path);
    if (methods.length === 0) throw new StationError('request.routeNotFound', ERROR_TEXT.notFound(ctx.path));
    const allow = [...methods, 'OPTIONS'].join(', ');
    if (ctx.method === 'OPTIONS') {
      ctx.set('Allow', allow);
      ctx.status = 204;
      return Promise.resolve();
    }
    throw new StationError('request.methodNotAllowed', ERROR_TEXT.methodNotAllowed(ctx.method, methods), { headers: { Allow: allow } });
  };
}
