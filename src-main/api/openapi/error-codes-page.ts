// docs/error-codes.md, written from the catalogue (src-shared/error-codes.ts) by `npm run openapi`: the page an
// integrator reads to key on codes. A test keeps the committed page equal to the generated one.
import { ERROR_CODES, ERROR_CODE_LIST, statusOfCode, type ErrorCode } from '../../../src-shared/error-codes.ts';
import { reasonPhrase } from '../../../src-shared/http-status.ts';

/** The page: how to read an error, then every code by its first segment, with its status, words and meta. */
export function errorCodesPage(): string {
  const groups = new Map<string, ErrorCode[]>();
  for (const code of ERROR_CODE_LIST) {
    const group = code.split('.')[0]!;
    groups.set(group, [...(groups.get(group) ?? []), code]);
  }
  const lines = [
    '# Error codes',
    '',
    '<!-- Written by `npm run openapi` from src-shared/error-codes.ts: edit the catalogue, not this page. -->',
    '',
    'Every error object the station answers carries a stable `code` (JSON:API 1.0’s error member), beside its',
    '`status`, `title`, `detail` (the English text, word for word as spec section 7 has it, or the station’s own),',
    'and, where a member, query parameter or header is at fault, `source`. Key a program on `code`, never on `detail`:',
    'the words may be made clearer, the codes stay. A code is never removed or given another meaning; new ones are',
    'added. Its status is always the one listed.',
    '',
    '```json',
    '{ "errors": [{ "status": 404, "code": "shipment.notProcessedYet", "title": "Not Found", "detail": "Shipment not yet processed" }] }',
    '```',
    '',
    '- `field.missing` and `field.invalid` name the member in `source.pointer` and say what it takes in `meta.reason`;',
    '  `parameter.invalid` names the query parameter in `source.parameter`.',
    '- `meta` carries the figures the words name (the members listed below), so a client can word them itself.',
    '- Older members stay for the clients that read them: where a refusal had a `meta.reason` code (e.g. `dayClosed`),',
    '  it still has it.',
    '- The OpenAPI description lists, for each error status, the codes it can carry.',
    '',
  ];
  for (const [group, codes] of groups) {
    lines.push(`## ${group}`, '', '| code | status | what it means | meta |', '| --- | --- | --- | --- |');
    for (const code of codes) {
      const entry = ERROR_CODES[code] as { words: string; meta?: readonly string[] };
      const status = statusOfCode(code);
      const meta = entry.meta?.map((member) => `\`${member}\``).join(', ') ?? '';
      lines.push(`| \`${code}\` | ${status} ${reasonPhrase(status)} | ${entry.words.replace(/\|/g, '\\|')} | ${meta} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
