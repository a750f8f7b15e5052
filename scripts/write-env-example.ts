/** `npm run env:example`: writes `.env.example` (scripts/env-example.ts). */
import { writeFileSync } from 'node:fs';
import { ENV_EXAMPLE_PATH, envExample } from './env-example.ts';

writeFileSync(ENV_EXAMPLE_PATH, envExample());
console.log(`wrote ${ENV_EXAMPLE_PATH}`);
