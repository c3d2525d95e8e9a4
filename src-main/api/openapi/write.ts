// `npm run openapi`: writes the API description to openapi.json at the repository root (and the page of error
// codes to docs/error-codes.md), so a change of the
// contract shows in review (test/unit/openapi-document.test.ts fails while the file differs from the generated one).
import { writeFileSync } from 'node:fs';
import { openApiJson } from './document.ts';
import { errorCodesPage } from './error-codes-page.ts';

const file = new URL('../../../openapi.json', import.meta.url);
writeFileSync(file, openApiJson());
console.log(`Wrote ${file.pathname}`);

// The page of error codes, from the same catalogue the description lists them from.
const codes = new URL('../../../docs/error-codes.md', import.meta.url);
writeFileSync(codes, errorCodesPage());
console.log(`Wrote ${codes.pathname}`);
