// `npm run openapi`: writes the API description to openapi.json at the repository root, so a change of the
// contract shows in review (test/unit/openapi-document.test.ts fails while the file differs from the generated one).
import { writeFileSync } from 'node:fs';
import { openApiJson } from './document.ts';

const file = new URL('../../../openapi.json', import.meta.url);
writeFileSync(file, openApiJson());
console.log(`Wrote ${file.pathname}`);
