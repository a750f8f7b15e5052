import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { GENERATED_DIR, generatedSources } from '../scripts/api-types.ts';

describe('sdk: the generated sources', function () {
  this.timeout(60_000);

  it('are what openapi-typescript makes of the kept OpenAPI documents (npm run sdk:types rewrites them)', async () => {
    const generated = await generatedSources();
    expect(readdirSync(GENERATED_DIR).sort()).to.deep.equal([...generated.keys()].sort());
    for (const [name, text] of generated) expect(readFileSync(join(GENERATED_DIR, name), 'utf8') === text, `${name} is stale: npm run sdk:types`).to.equal(true);
  });
});
