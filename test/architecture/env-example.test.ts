import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { CONFIG_VARIABLES } from '@tuma/server';
import { documentedVariables, ENV_EXAMPLE_PATH, envExample } from '../../scripts/env-example.ts';

describe('.env.example and the README configuration table', () => {
  it('lists every variable of the configuration schema, as `npm run env:example` writes it', () => {
    const written = readFileSync(ENV_EXAMPLE_PATH, 'utf8');
    // envExample() throws when the README misses one of them.
    expect(written, 'run npm run env:example').to.equal(envExample());
    for (const name of CONFIG_VARIABLES) expect(written).to.contain(`\n# ${name}=\n`);
  });

  it('documents no variable the configuration does not read', () => {
    const documented = documentedVariables().flatMap((row) => row.names);
    expect(documented.filter((name) => !CONFIG_VARIABLES.includes(name))).to.deep.equal([]);
    expect(new Set(documented).size, 'each once').to.equal(documented.length);
  });
});
