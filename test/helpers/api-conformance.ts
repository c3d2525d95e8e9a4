// Every answer the tests get from a station is checked against the API description (openapi.json, which
// test/unit/openapi-document.test.ts keeps equal to the one generated from the contract): its status must be one
// the operation describes, its media type one it describes for that status, the headers it requires present, and
// its body valid against the schema. test/helpers/http.ts calls it for every response, so no test can forget.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

interface Operation {
  responses: Record<string, ResponseObject | { $ref: string }>;
}
interface ResponseObject {
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, { schema?: unknown }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, ResponseObject> };
}

const DOCUMENT_ID = 'openapi.json';
let document: Document | undefined;
let ajv: Ajv2020 | undefined;
let matchers: { pattern: RegExp; path: string }[] = [];
const validators = new Map<string, ValidateFunction>();

function load(): Document {
  if (!document) {
    document = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')) as Document;
    ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema(document as object, DOCUMENT_ID);
    // Literal segments first, so /shipments/rate is not taken for /shipments/{id}.
    matchers = Object.keys(document.paths)
      .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))
      .map((path) => ({ path, pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`) }));
  }
  return document;
}

const pointerPart = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/** The described operation a request reached, by its method and path (under any of the three bases). */
function operationOf(method: string, url: URL): { path: string; operation: Operation; method: string } | undefined {
  const doc = load();
  const route = url.pathname.replace(/^\/v3(-testing)?(?=\/|$)/, '') || '/';
  const found = matchers.find((matcher) => matcher.pattern.test(route));
  // A HEAD the description names is its own operation; any other GET answers HEAD as its GET, without the body.
  const verb = method === 'HEAD' && !(found && doc.paths[found.path]!.head) ? 'get' : method.toLowerCase();
  const operation = found ? doc.paths[found.path]![verb] : undefined;
  return operation ? { path: found!.path, operation, method: verb } : undefined;
}

export interface ObservedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** What of an answer the description does not describe; an empty list when it conforms (or reached no operation). */
export function conformanceProblems(method: string, url: string, response: ObservedResponse): string[] {
  const reached = operationOf(method, new URL(url));
  if (!reached) return [];
  const doc = load();
  const described = reached.operation.responses[String(response.status)];
  if (!described)
    return [
      `status ${response.status} is not one the description gives for ${reached.method.toUpperCase()} ${reached.path} (${Object.keys(reached.operation.responses).join(', ')})`,
    ];
  let responsePointer = `#/paths/${pointerPart(reached.path)}/${reached.method}/responses/${response.status}`;
  let object = described as ResponseObject;
  if ('$ref' in described) {
    responsePointer = described.$ref;
    object = doc.components.responses[described.$ref.split('/').pop()!]!;
  }
  const problems: string[] = [];
  for (const [name, header] of Object.entries(object.headers ?? {})) {
    if (header.required && response.headers[name.toLowerCase()] === undefined) problems.push(`the ${name} header is missing`);
  }
  if (method === 'HEAD' || response.status === 204 || response.status === 304) return problems;
  if (response.status >= 400) problems.push(...codeProblems(reached.operation, response.text));
  const mediaType = String(response.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  const content = object.content ?? {};
  if (response.text === '' && Object.keys(content).length === 0) return problems;
  if (!(mediaType in content))
    return [
      ...problems,
      `media type ${JSON.stringify(mediaType)} is not one the description gives (${Object.keys(content).join(', ') || 'no body'})`,
    ];
  if (!/json/.test(mediaType)) return problems;
  const key = `${responsePointer}/content/${pointerPart(mediaType)}/schema`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv!.compile({ $ref: `${DOCUMENT_ID}${key}` });
    validators.set(key, validate);
  }
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    return [...problems, 'the body is not JSON'];
  }
  if (!validate(body)) {
    problems.push(
      ...(validate.errors ?? [])
        .slice(0, 5)
        .map(
          (error) =>
            `${error.instancePath || '/'} ${error.message}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`,
        ),
    );
  }
  return problems;
}

/** The codes of an error answer that its operation does not list in x-error-codes (src-main/api/openapi/route-refusals.ts). */
function codeProblems(operation: Operation & { operationId?: string; 'x-error-codes'?: string[] }, text: string): string[] {
  const listed = operation['x-error-codes'];
  if (!listed) return [];
  let codes: string[] = [];
  try {
    codes = ((JSON.parse(text) as { errors?: { code?: string }[] }).errors ?? []).map((error) => String(error.code));
  } catch {
    return [];
  }
  return codes
    .filter((code) => !listed.includes(code))
    .map(
      (code) =>
        `the code ${code} is not one ${operation.operationId ?? '?'} lists in x-error-codes (src-main/api/openapi/route-refusals.ts)`,
    );
}

/** Fails the test that got an answer the description does not describe. */
export function assertConforms(method: string, url: string, response: ObservedResponse): void {
  const problems = conformanceProblems(method, url, response);
  if (problems.length > 0) {
    throw new Error(
      `${method} ${new URL(url).pathname} answered ${response.status}, which openapi.json does not describe:\n  ${problems.join('\n  ')}\nbody: ${response.text.slice(0, 400)}`,
    );
  }
}
