/** `npm run sdk:types`: rewrites the SDK's generated sources (api-types.ts) after `npm run openapi:write`. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATED_DIR, generatedSources } from './api-types.ts';

for (const [name, text] of await generatedSources()) writeFileSync(join(GENERATED_DIR, name), text);
console.log(`wrote ${GENERATED_DIR}`);
