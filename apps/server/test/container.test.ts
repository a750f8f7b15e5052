import { expect } from 'chai';
import { ACCOUNTS_TOKENS } from '@tuma/accounts';
import { BILLING_TOKENS } from '@tuma/billing';
import { KERNEL_TOKENS, type Token } from '@tuma/kernel';
import { MESSAGING_TOKENS } from '@tuma/messaging';
import { buildContainer, jsonLogger, loadConfig, resolve, SERVER_TOKENS } from '../src/index.ts';
import { testDatabase } from '../../../test/support/test-database.ts';

describe('composition root', () => {
  it('resolves every bound token', async () => {
    const container = buildContainer({ config: loadConfig({}), logger: jsonLogger('silent'), database: await testDatabase() });
    const tokens: Token<unknown>[] = [...Object.values(KERNEL_TOKENS), ...Object.values(ACCOUNTS_TOKENS), ...Object.values(BILLING_TOKENS), ...Object.values(MESSAGING_TOKENS), ...Object.values(SERVER_TOKENS)];
    for (const token of tokens) expect(resolve(container, token), token.toString()).to.not.equal(undefined);
  });
});
