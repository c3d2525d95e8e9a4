// The API description: generated from the route table and its zod schemas, valid OpenAPI 3.1 by a well-kept
// validator, committed as openapi.json (so a changed contract shows in review), and complete: each route of the
// table is an operation with its statuses, its body, its key and its security.
import { readFileSync } from 'node:fs';
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { createOpenApiDocument, openApiJson, openApiPath, successStatuses } from '../../src-main/api/openapi/document.ts';
import { errorStatuses } from '../../src-main/api/openapi/error-responses.ts';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { ROUTES, type RouteSpec } from '../../src-shared/routes.ts';

const committed = readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8');
const document = JSON.parse(openApiJson()) as {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, { operationId: string; security?: unknown[]; parameters?: { name: string; in: string }[]; requestBody?: unknown; responses: Record<string, unknown> }>>;
  webhooks: Record<string, { post: { parameters: { name: string }[] } }>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }>; responses: Record<string, { content: Record<string, { examples: Record<string, { value: { errors: { detail: string }[] } }> }> }> };
};
const routes = Object.entries(ROUTES) as [string, RouteSpec][];

describe('openapi.json', () => {
  it('is the description generated from the contract now (run npm run openapi after changing it)', () => {
    expect(committed === openApiJson(), 'openapi.json differs from the generated description: run npm run openapi and commit it').toBe(true);
  });

  it('is valid OpenAPI 3.1 by @readme/openapi-parser', async () => {
    const result = await validate(JSON.parse(committed));
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
  });

  it('serves every route under /v3, /v3-testing and without a prefix', () => {
    expect(document.servers.map((server) => server.url)).toEqual(['/v3', '/v3-testing', '/']);
    expect(createOpenApiDocument('http://127.0.0.1:8411')).toMatchObject({ servers: [{ url: 'http://127.0.0.1:8411/v3' }, { url: 'http://127.0.0.1:8411/v3-testing' }, { url: 'http://127.0.0.1:8411' }] });
  });

  it('has one operation per route of the table, named as the table names it', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId}`));
    expect(operations.sort()).toEqual(routes.map(([name, spec]) => `${spec.method} ${openApiPath(spec.path)} ${name}`).sort());
  });

  it('gives each operation its success statuses, and each refusal it can answer with the catalogue’s text', () => {
    for (const [name, spec] of routes) {
      const operation = document.paths[openApiPath(spec.path)]![spec.method.toLowerCase()]!;
      expect(Object.keys(operation.responses).map(Number).sort(), name).toEqual([...successStatuses(spec), ...errorStatuses(spec)].sort());
      if (spec.access !== 'open') expect(operation.responses['401'], name).toEqual({ $ref: '#/components/responses/Error401' });
      if (spec.idempotent) expect(operation.parameters?.map((parameter) => `${parameter.in} ${parameter.name}`), name).toContain('header Idempotency-Key');
      if (spec.body) expect(operation.requestBody, name).toBeDefined();
    }
    const examples = (status: number) => Object.values(document.components.responses[`Error${status}`]!.content['application/vnd.api+json']!.examples).map((example) => example.value.errors[0]!.detail);
    expect(examples(401)).toEqual(expect.arrayContaining([ERROR_TEXT.missingOrInvalidAuthorization, ERROR_TEXT.authorizationFailed, ERROR_TEXT.tokenMissingData]));
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
