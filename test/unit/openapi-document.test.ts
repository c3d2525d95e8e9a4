// The API description: generated from the route table and its zod schemas, valid OpenAPI 3.1 by a well-kept
// validator, committed as openapi.json (so a changed contract shows in review), and complete: each route of the
// table is an operation with its statuses, its body, its key and its security.
import { readFileSync } from 'node:fs';
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import {
  createOpenApiDocument,
  openApiJson,
  openApiPath,
  servedOpenApiJson,
  successStatuses,
} from '../../src-main/api/openapi/document.ts';
import { errorStatuses } from '../../src-main/api/openapi/error-responses.ts';
import { routeRefusals } from '../../src-main/api/openapi/route-refusals.ts';
import { ERROR_CODES, isErrorCode, statusOfCode } from '../../src-shared/error-codes.ts';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { ROUTES, type RouteSpec } from '../../src-shared/routes.ts';

const committed = readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8');
const document = JSON.parse(openApiJson()) as {
  openapi: string;
  servers: { url: string }[];
  info: { description: string; license: { name: string } };
  tags: { name: string; description?: string }[];
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        summary: string;
        description: string;
        security?: unknown[];
        parameters?: { name: string; in: string }[];
        requestBody?: unknown;
        responses: Record<string, any>;
        'x-error-codes': string[];
      }
    >
  >;
  webhooks: Record<string, { post: { parameters: { name: string }[] } }>;
  components: {
    securitySchemes: Record<string, { type: string; scheme?: string }>;
    responses: Record<
      string,
      {
        headers?: Record<string, { required?: boolean }>;
        content: Record<string, { examples: Record<string, { value: { errors: { detail: string }[] } }> }>;
      }
    >;
  };
};
const routes = Object.entries(ROUTES) as [string, RouteSpec][];

describe('openapi.json', () => {
  it('is the description generated from the contract now (run npm run openapi after changing it)', () => {
    expect(committed === openApiJson(), 'openapi.json differs from the generated description: run npm run openapi and commit it').toBe(
      true,
    );
  });

  it('is valid OpenAPI 3.1 by @readme/openapi-parser', async () => {
    const result = await validate(JSON.parse(committed));
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
  });

  it('serves every route under /v3, /v3-testing and without a prefix: relative in openapi.json, absolute as served', () => {
    expect(document.servers.map((server) => server.url)).toEqual(['/v3', '/v3-testing', '/']);
    expect(createOpenApiDocument('http://127.0.0.1:8411')).toMatchObject({
      servers: [{ url: 'http://127.0.0.1:8411/v3' }, { url: 'http://127.0.0.1:8411/v3-testing' }, { url: 'http://127.0.0.1:8411' }],
    });
    // As served, the prefix it was asked under comes first: a generated client's default base URL is that one.
    const urls = (text: string) => (JSON.parse(text) as typeof document).servers.map((server) => server.url);
    expect(urls(servedOpenApiJson('http://127.0.0.1:8411', '/v3'))).toEqual([
      'http://127.0.0.1:8411/v3',
      'http://127.0.0.1:8411/v3-testing',
      'http://127.0.0.1:8411',
    ]);
    expect(urls(servedOpenApiJson('https://desk-2.lan:8443', '/v3-testing'))).toEqual([
      'https://desk-2.lan:8443/v3-testing',
      'https://desk-2.lan:8443/v3',
      'https://desk-2.lan:8443',
    ]);
    expect(urls(servedOpenApiJson('http://localhost:8411', ''))).toEqual([
      'http://localhost:8411',
      'http://localhost:8411/v3',
      'http://localhost:8411/v3-testing',
    ]);
    // Nothing else differs from openapi.json.
    expect({ ...JSON.parse(servedOpenApiJson('http://localhost:8411', '')), servers: document.servers }).toEqual(document);
  });

  it('has one operation per route of the table, named as the table names it, and the HEADs and /test/ of spec 4.2 and 4.3', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId}`),
    );
    expect(operations.sort()).toEqual(
      [
        ...routes.map(([name, spec]) => `${spec.method} ${openApiPath(spec.path)} ${name}`),
        'HEAD /clients/current currentClientHead',
        'HEAD /test testHead',
        'HEAD /test/{id} testWithIdHead',
        'GET /test/ testQuery',
        'HEAD /test/ testQueryHead',
      ].sort(),
    );
    // /test/ is the only path with a trailing slash (redocly.yaml lets it through for spec 4.3's sake).
    expect(Object.keys(document.paths).filter((path) => path.endsWith('/'))).toEqual(['/test/']);
    for (const path of ['/test', '/test/', '/test/{id}'])
      expect(
        document.paths[path]!.get!.parameters?.map((parameter) => parameter.name),
        path,
      ).toContain('query');
    // A HEAD answers headers only: no content, the 401's WWW-Authenticate kept.
    const head = document.paths['/clients/current']!.head!;
    expect(Object.values(head.responses).every((response) => response.content === undefined && response.$ref === undefined)).toBe(true);
    expect(Object.keys(head.responses['401'].headers)).toEqual(['WWW-Authenticate']);
  });

  it('lists per operation the codes it may answer, in x-error-codes and in each refusal’s words, all of the catalogue', () => {
    for (const [name, spec] of routes) {
      const operation = document.paths[openApiPath(spec.path)]![spec.method.toLowerCase()]!;
      const codes = operation['x-error-codes'];
      expect(codes, name).toEqual(routeRefusals(name, spec));
      expect(codes.every(isErrorCode), name).toBe(true);
      // Every route: a foreign host, an Accept of nothing it answers, a fault, the storage away.
      expect(codes, name).toEqual(
        expect.arrayContaining(['request.hostNotAllowed', 'request.notAcceptable', 'station.internal', 'storage.unavailable']),
      );
      if (spec.access !== 'open') expect(codes, name).toEqual(expect.arrayContaining(['auth.missing', 'auth.tokenInvalid']));
      if (spec.body)
        expect(codes, name).toEqual(
          expect.arrayContaining(['field.missing', 'field.invalid', 'request.mediaTypeUnsupported', 'request.malformedJson']),
        );
      if (spec.idempotent) expect(codes, name).toEqual(expect.arrayContaining(['idempotency.keyReused', 'idempotency.keyBusy']));
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400 || !response.$ref) continue;
        const here = codes.filter((code) => statusOfCode(code as keyof typeof ERROR_CODES) === Number(status));
        expect(here.length, `${name} ${status}`).toBeGreaterThan(0);
        for (const code of here)
          expect(response.description, `${name} ${status}`).toContain(
            `\`${code}\` (${ERROR_CODES[code as keyof typeof ERROR_CODES].words.replace(/\.$/, '')})`,
          );
      }
    }
    // The refusals of the spec's own routes, by code.
    const codesOf = (path: string, method: string) => document.paths[path]![method]!['x-error-codes'];
    expect(codesOf('/shipments/{id}/documents', 'get')).toEqual(
      expect.arrayContaining(['shipment.notFound', 'shipment.notProcessedYet', 'shipment.failed', 'shipment.retrievalFailed']),
    );
    expect(codesOf('/shipments/confirm', 'post')).toEqual(expect.arrayContaining(['rate.priceChanged', 'shipment.notTheRated']));
    expect(codesOf('/clients/authentication', 'post')).toEqual(expect.arrayContaining(['auth.failed', 'auth.tooManySignIns']));
  });

  it('describes the headers: WWW-Authenticate on every 401, Retry-After, Accept-Post on 415, Location and Idempotent-Replayed', () => {
    expect(document.components.responses.Error401!.headers!['WWW-Authenticate']).toMatchObject({ required: true });
    expect(Object.keys(document.components.responses.Error415!.headers!)).toEqual(['Accept-Post']);
    for (const status of [409, 429, 503])
      expect(Object.keys(document.components.responses[`Error${status}`]!.headers!), String(status)).toEqual(['Retry-After']);
    for (const [name, spec] of routes.filter(([, spec]) => spec.idempotent)) {
      const operation = document.paths[openApiPath(spec.path)]![spec.method.toLowerCase()]!;
      for (const status of successStatuses(spec))
        expect(Object.keys(operation.responses[String(status)].headers ?? {}), `${name} ${status}`).toContain('Idempotent-Replayed');
    }
    expect(Object.keys(document.paths['/shipments']!.post!.responses['201'].headers)).toEqual(['Location', 'Idempotent-Replayed']);
    // Allow comes with a 405 or an OPTIONS, neither of them an operation: the introduction says it.
    expect(document.info.description).toContain('405 (request.methodNotAllowed) with Allow');
    expect(document.info.description).toContain('charset=utf-8');
  });

  it('names a license, and describes every tag an operation names', () => {
    expect(document.info.license.name).toBeTruthy();
    const tagged = new Set(
      Object.values(document.paths).flatMap((item) =>
        Object.values(item).flatMap((operation) => (operation as unknown as { tags: string[] }).tags),
      ),
    );
    expect(document.tags.map((tag) => tag.name).sort()).toEqual([...tagged].sort());
    expect(document.tags.filter((tag) => !tag.description)).toEqual([]);
  });

  it('gives each operation its success statuses, and each refusal it can answer with the catalogue’s text', () => {
    for (const [name, spec] of routes) {
      const operation = document.paths[openApiPath(spec.path)]![spec.method.toLowerCase()]!;
      expect(Object.keys(operation.responses).map(Number).sort(), name).toEqual([...successStatuses(spec), ...errorStatuses(spec)].sort());
      if (spec.access !== 'open') expect(operation.responses['401'], name).toMatchObject({ $ref: '#/components/responses/Error401' });
      if (spec.idempotent)
        expect(
          operation.parameters?.map((parameter) => `${parameter.in} ${parameter.name}`),
          name,
        ).toContain('header Idempotency-Key');
      if (spec.body) expect(operation.requestBody, name).toBeDefined();
    }
    const examples = (status: number) =>
      Object.values(document.components.responses[`Error${status}`]!.content['application/vnd.api+json']!.examples).map(
        (example) => example.value.errors[0]!.detail,
      );
    expect(examples(401)).toEqual(
      expect.arrayContaining([ERROR_TEXT.missingOrInvalidAuthorization, ERROR_TEXT.authorizationFailed, ERROR_TEXT.tokenMissingData]),
    );
    expect(examples(404)).toContain(ERROR_TEXT.shipmentNotFound);
    expect(examples(503)).toContain(ERROR_TEXT.storeUnreachable);
    expect(examples(503)).toContain(ERROR_TEXT.priceIsDifferent('12.40', '13.10'));
  });

  it('signs in with ServiceApi, and every other route but the open ones takes the Bearer token', () => {
    expect(document.components.securitySchemes.Bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.ServiceApi).toMatchObject({ type: 'apiKey' });
    expect(document.paths['/clients/authentication']!.post!.security).toEqual([{ ServiceApi: [] }]);
    expect(document.paths['/health']!.get!.security).toEqual([]);
    expect(document.paths['/shipments']!.post!.security).toBeUndefined();
  });

  it('describes the webhook deliveries with their signature header', () => {
    expect(document.webhooks.event!.post.parameters.map((parameter) => parameter.name)).toContain('Station-Signature');
  });
});
