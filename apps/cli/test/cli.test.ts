import { expect } from 'chai';
import { loadConfig } from '@tuma/server';
import { runCli } from '../src/cli.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../test/support/test-database.ts';

describe(`operator CLI on ${databaseKind()}`, () => {
  const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, TUMA_DATA_DIR: 'memory://' });

  async function cli(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, config, { out: (t) => out.push(t), err: (t) => err.push(t) }, await testDatabase());
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  beforeEach(async () => truncateAll(await testDatabase()));

  it('creates an account, issues a key, suspends and unsuspends, with --json output', async () => {
    const created = await cli('accounts:create', '--email', 'ops@example.com', '--wallet-currency', 'kes', '--json');
    expect(created.code).to.equal(0);
    const account = JSON.parse(created.out);
    expect(account).to.include({ email: 'ops@example.com', wallet_currency: 'KES', status: 'active' });

    const key = await cli('keys:create', '--account', account.id, '--environment', 'test', '--scopes', 'send,two_way', '--json');
    expect(key.code).to.equal(0);
    const issued = JSON.parse(key.out);
    expect(issued.key).to.match(/^svc_test_/);
    expect(issued.scopes).to.deep.equal(['send', 'two_way']);

    const revoked = await cli('keys:revoke', '--key', issued.id, '--json');
    expect(revoked.code).to.equal(0);
    expect(JSON.parse(revoked.out).revoked_at).to.be.a('string');

    expect(JSON.parse((await cli('accounts:suspend', '--account', account.id, '--json')).out).status).to.equal('suspended');
    expect(JSON.parse((await cli('accounts:unsuspend', '--account', account.id, '--json')).out).status).to.equal('active');
  });

  it('prints readable text without --json', async () => {
    const created = await cli('accounts:create', '--email', 'text@example.com');
    expect(created.out).to.match(/^id: acc_/m);
    expect(created.out).to.contain('email: text@example.com');
  });

  it('exits 1 with the domain error for refused operations', async () => {
    await cli('accounts:create', '--email', 'dup@example.com');
    const dup = await cli('accounts:create', '--email', 'dup@example.com', '--json');
    expect(dup.code).to.equal(1);
    expect(JSON.parse(dup.err).error.code).to.equal('conflict');
    const missing = await cli('keys:create', '--account', 'acc_nope', '--environment', 'live');
    expect(missing.code).to.equal(1);
    expect(missing.err).to.contain('not found');
  });

  it('exits 2 with usage for unknown commands and missing options', async () => {
    expect((await cli('accounts:destroy')).code).to.equal(2);
    const noEmail = await cli('accounts:create');
    expect(noEmail.code).to.equal(2);
    expect(noEmail.err).to.contain('--email is required');
    expect((await cli('keys:create', '--account', 'x', '--environment', 'staging')).err).to.contain('live or test');
  });
});
