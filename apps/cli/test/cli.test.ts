import { expect } from 'chai';
import { BILLING_TOKENS } from '@tuma/billing';
import { buildContainer, jsonLogger, loadConfig, resolve } from '@tuma/server';
import { defaultCatalogueData, MESSAGING_TOKENS } from '@tuma/messaging';
import { MikroOrmCatalogue } from '@tuma/mikro-orm-adapter';
import { TWO_WAY_TOKENS } from '@tuma/two-way';
import { COMMANDS, runCli } from '../src/cli.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../test/support/test-database.ts';

describe(`operator CLI on ${databaseKind()}`, () => {
  const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, TUMA_DATA_DIR: 'memory://' });

  async function cli(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, { out: (t) => out.push(t), err: (t) => err.push(t) }, { config: () => config, database: await testDatabase() });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  beforeEach(async () => truncateAll(await testDatabase()));

  it('lists accounts newest first with their balances, and finds one by part of its email', async () => {
    for (const email of ['first@example.com', 'second@shop.example']) expect((await cli('accounts:create', '--email', email, '--json')).code).to.equal(0);
    const all = JSON.parse((await cli('accounts:list', '--json')).out);
    expect(all.accounts.map((a: { email: string }) => a.email)).to.include.members(['first@example.com', 'second@shop.example']);
    expect(all.accounts[0]).to.include.keys('id', 'email', 'status', 'currency', 'balance');
    const found = JSON.parse((await cli('accounts:list', '--search', 'shop', '--json')).out);
    expect(found.accounts.map((a: { email: string }) => a.email)).to.deep.equal(['second@shop.example']);
    expect((await cli('accounts:list', '--search', 'shop')).out).to.match(/^acc_\S+  second@shop\.example  active  /);
    expect((await cli('accounts:list', '--page', 'x')).code).to.equal(2);
  });

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

  it("shows, sets and resets an account's request rate limit", async () => {
    const account = JSON.parse((await cli('accounts:create', '--email', 'rate@example.com', '--json')).out);
    expect(JSON.parse((await cli('accounts:rate-limit', '--account', account.id, '--json')).out)).to.deep.include({ per_second: 100, burst: 200, is_default: true });
    const set = await cli('accounts:rate-limit', '--account', account.id, '--per-second', '20', '--burst', '50', '--json');
    expect([set.code, JSON.parse(set.out)]).to.deep.equal([0, { account_id: account.id, per_second: 20, burst: 50, is_default: false }]);
    expect(JSON.parse((await cli('accounts:rate-limit', '--account', account.id, '--json')).out)).to.deep.include({ per_second: 20, is_default: false });
    expect(JSON.parse((await cli('accounts:rate-limit-reset', '--account', account.id, '--json')).out)).to.deep.include({ per_second: 100, is_default: true });
    expect((await cli('accounts:rate-limit', '--account', account.id, '--per-second', '20', '--burst', '5')).code).to.equal(1);
    expect((await cli('accounts:rate-limit', '--account', account.id, '--burst', '5')).code).to.equal(2);
    expect((await cli('accounts:rate-limit', '--account', account.id, '--per-second', 'fast')).err).to.contain('positive whole number');
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

  it('lists every command of the table in --help (exit 0), with each of its options', async () => {
    const help = await cli('--help');
    expect(help.code).to.equal(0);
    for (const command of COMMANDS) {
      expect(help.out).to.match(new RegExp(`^  ${command.name}( |$)`, 'm'));
      expect(help.out).to.contain(command.summary);
      for (const option of Object.keys(command.options)) expect(help.out).to.contain(`--${option} `);
    }
    const none = await cli();
    expect([none.code, none.out]).to.deep.equal([2, help.out]);
  });

  it('refuses an option the command does not take (exit 2, nothing done), and an unknown one', async () => {
    const refused = await cli('accounts:create', '--email', 'extra@example.com', '--rate', '1');
    expect(refused.code).to.equal(2);
    expect(refused.err).to.contain('Unknown option --rate for accounts:create');
    expect(JSON.parse((await cli('accounts:list', '--search', 'extra', '--json')).out).accounts).to.deep.equal([]);
    const unknown = await cli('fx:list', '--colour', 'red');
    expect(unknown.code).to.equal(2);
    expect(unknown.err).to.contain("Unknown option '--colour'");
  });

  it('sets and lists FX rates (fx:set, fx:list), refusing bad rates with exit 1', async () => {
    const set = await cli('fx:set', '--from', 'USD', '--to', 'KES', '--rate', '129.5', '--json');
    expect(set.code).to.equal(0);
    expect(JSON.parse(set.out)).to.include({ from: 'USD', to: 'KES', rate: '129.5', updated_by: 'cli' });
    expect((await cli('fx:set', '--from', 'usd', '--to', 'kes', '--rate', '130.25')).out).to.contain('rate: 130.25');
    const listed = await cli('fx:list', '--json');
    expect(JSON.parse(listed.out).rates.map((r: { from: string; to: string; rate: string }) => `${r.from}->${r.to} ${r.rate}`)).to.deep.equal([
      'USD->KES 130.25',
    ]);
    expect((await cli('fx:list')).out).to.match(/^USD -> KES {2}130\.25 {2}\(.+, cli\)$/);
    const zero = await cli('fx:set', '--from', 'USD', '--to', 'KES', '--rate', '0', '--json');
    expect(zero.code).to.equal(1);
    expect(JSON.parse(zero.err).error.code).to.equal('validation_error');
    expect((await cli('fx:set', '--from', 'USD', '--to', 'KES')).err).to.contain('--rate is required');
  });

  it('updates a route (routes:update): price, currency, activation and sender ID, refusing bad input', async () => {
    const database = await testDatabase();
    await database.withContext(() => new MikroOrmCatalogue(database).seed(defaultCatalogueData()));

    const priced = await cli('routes:update', '--code', 'svc_ke', '--price', '0.85', '--json');
    expect(priced.code).to.equal(0);
    expect(JSON.parse(priced.out)).to.deep.equal({
      code: 'SVC_KE',
      name: 'Kenya Direct',
      country_code: 'KE',
      country_name: 'Kenya',
      currency: 'KES',
      price_per_segment: 0.85,
      sender_id_default: 'Tuma',
      is_active: true,
    });
    const changed = await cli('routes:update', '--code', 'SVC_KE', '--price', '0.0066', '--currency', 'usd', '--active', 'false', '--sender-id', 'ACME');
    expect(changed.code).to.equal(0);
    expect(changed.out).to.contain('currency: USD');
    expect(changed.out).to.contain('price_per_segment: 0.0066');
    expect(changed.out).to.contain('is_active: false');
    expect(changed.out).to.contain('sender_id_default: ACME');

    const negative = await cli('routes:update', '--code', 'SVC_KE', '--price=-1', '--json');
    expect(negative.code).to.equal(1);
    expect(JSON.parse(negative.err).error).to.deep.equal({ code: 'validation_error', message: 'price_per_segment: Must be greater than 0' });
    const unknown = await cli('routes:update', '--code', 'SVC_XX', '--active', 'true');
    expect(unknown.code).to.equal(1);
    expect(unknown.err).to.contain('route SVC_XX not found');
    expect((await cli('routes:update', '--code', 'SVC_KE', '--active', 'yes')).err).to.contain('--active must be true or false');
    expect((await cli('routes:update', '--price', '1')).err).to.contain('--code is required');
  });

  it('lists, approves (charging the fee once) and rejects sender-ID requests (sender-ids:list|approve|reject)', async () => {
    const database = await testDatabase();
    await database.withContext(() => new MikroOrmCatalogue(database).seed(defaultCatalogueData()));
    const account = JSON.parse((await cli('accounts:create', '--email', 'sid@example.com', '--json')).out);
    const container = buildContainer({ config, logger: jsonLogger('silent'), database });
    const request = (name: string, countries: string[]) =>
      database.withContext(async () => (await resolve(container, MESSAGING_TOKENS.messaging).requestSenderId.execute({ accountId: account.id, name, countries }))._unsafeUnwrap().request.id);
    const acme = await request('ACME', ['GH', 'NG']);
    const beta = await request('BETA', ['TZ']);

    const listed = await cli('sender-ids:list', '--status', 'pending', '--json');
    expect(listed.code).to.equal(0);
    const pending = JSON.parse(listed.out);
    expect(pending.total).to.equal(2);
    expect(pending.sender_ids.map((s: { id: number }) => s.id)).to.deep.equal([beta, acme]);
    expect(pending.sender_ids[1]).to.deep.include({ account_id: account.id, name: 'ACME', estimated_fee_usd: 150, fee_countries: ['GH'], status: 'pending' });
    expect((await cli('sender-ids:list')).out).to.equal(`#${beta}  BETA  pending  TZ  ${account.id}  fee USD 150 (TZ)\n#${acme}  ACME  pending  GH,NG  ${account.id}  fee USD 150 (GH)`);

    const broke = await cli('sender-ids:approve', '--id', String(acme), '--json');
    expect(broke.code).to.equal(1);
    expect(JSON.parse(broke.err).error.code).to.equal('insufficient_balance');
    await database.withContext(async () =>
      (await resolve(container, BILLING_TOKENS.billing).adjustBalance.execute({ accountId: account.id, direction: 'credit', amount: '1000', reason: 'funds', reference: 'sid-cli' }))._unsafeUnwrap(),
    );
    const approved = await cli('sender-ids:approve', '--id', String(acme), '--json');
    expect(approved.code).to.equal(0);
    expect(JSON.parse(approved.out)).to.deep.include({ id: acme, status: 'approved', fee_usd: 150, fee_amount: 150, fee_currency: 'USD', fee_fx_rate: '1' });
    const again = await cli('sender-ids:approve', '--id', String(acme), '--json');
    expect([again.code, JSON.parse(again.err).error.code]).to.deep.equal([1, 'conflict']);
    const balance = await database.withContext(async () => (await resolve(container, BILLING_TOKENS.walletLedger).balance(account.id))._unsafeUnwrap());
    expect(balance?.balance.toString()).to.equal('850.000000 USD');

    const rejected = await cli('sender-ids:reject', '--id', String(beta), '--reason', 'No trade licence');
    expect(rejected.code).to.equal(0);
    expect(rejected.out).to.contain('status: rejected').and.to.contain('rejection_reason: No trade licence');
    expect(JSON.parse((await cli('sender-ids:list', '--status', 'approved', '--json')).out).sender_ids.map((s: { id: number }) => s.id)).to.deep.equal([acme]);
    expect((await cli('sender-ids:approve', '--id', '424242')).err).to.contain('sender_id 424242 not found');

    expect((await cli('sender-ids:reject', '--id', String(beta))).err).to.contain('--reason is required');
    expect((await cli('sender-ids:approve')).err).to.contain('--id is required');
    expect((await cli('sender-ids:approve', '--id', 'abc')).code).to.equal(2);
    expect((await cli('sender-ids:list', '--status', 'cancelled')).err).to.contain('--status must be pending, approved or rejected');
    expect((await cli('sender-ids:list', '--page', '-1')).code).to.equal(2);
  });

  it('adds short codes, lists, approves (charging setup and the first month once), rejects, suspends and unsuspends two-way services (two-way:*)', async () => {
    const database = await testDatabase();
    await database.withContext(() => new MikroOrmCatalogue(database).seed(defaultCatalogueData()));
    const account = JSON.parse((await cli('accounts:create', '--email', 'tw@example.com', '--json')).out);
    const container = buildContainer({ config, logger: jsonLogger('silent'), database });
    const twoWay = resolve(container, TWO_WAY_TOKENS.twoWay);
    expect((await cli('fx:set', '--from', 'USD', '--to', 'TZS', '--rate', '2500')).code, 'a basic rate for Tanzania').to.equal(0);
    const request = (keyword: string) =>
      database.withContext(async () =>
        (await twoWay.requestService.execute({ accountId: account.id, countryCode: 'TZ', type: 'shared', keyword, useCase: 'Votes', companyName: 'Acme', kycDocumentUrls: ['https://docs.example/k.pdf'] }))._unsafeUnwrap().id,
      );
    const [vote, quiz] = [await request('VOTE'), await request('QUIZ')];
    expect(JSON.parse((await cli('two-way:add-short-code', '--country', 'tz', '--number', '15000', '--kind', 'shared', '--json')).out)).to.deep.equal({ number: '15000', country_code: 'TZ', kind: 'shared' });
    expect((await cli('two-way:add-short-code', '--country', 'TZ', '--number', '15001', '--kind', 'shared')).code, 'a second shared code').to.equal(1);
    expect((await cli('two-way:list', '--status', 'pending')).out).to.equal(`#${quiz}  pending  TZ shared QUIZ  -  ${account.id}  Acme\n#${vote}  pending  TZ shared VOTE  -  ${account.id}  Acme`);

    const broke = await cli('two-way:approve', '--id', String(vote), '--json');
    expect([broke.code, JSON.parse(broke.err).error.code]).to.deep.equal([1, 'insufficient_balance']);
    await database.withContext(async () =>
      (await resolve(container, BILLING_TOKENS.billing).adjustBalance.execute({ accountId: account.id, direction: 'credit', amount: '100', reason: 'funds', reference: 'tw-cli' }))._unsafeUnwrap(),
    );
    const approved = JSON.parse((await cli('two-way:approve', '--id', String(vote), '--json')).out);
    expect(approved).to.deep.include({ id: vote, status: 'active', number: '15000', charge_amount: 40, charge_currency: 'USD' });
    expect(JSON.parse((await cli('two-way:approve', '--id', String(vote), '--json')).err).error.code).to.equal('service_state_conflict');
    const balance = await database.withContext(async () => (await resolve(container, BILLING_TOKENS.walletLedger).balance(account.id))._unsafeUnwrap());
    expect(balance?.balance.toString()).to.equal('60.000000 USD');

    expect(JSON.parse((await cli('two-way:reject', '--id', String(quiz), '--reason', 'No licence', '--json')).out)).to.deep.include({ status: 'rejected', rejection_reason: 'No licence' });
    expect(JSON.parse((await cli('two-way:suspend', '--id', String(vote), '--json')).out)).to.deep.include({ status: 'suspended', suspended_for: 'operator' });
    expect(JSON.parse((await cli('two-way:unsuspend', '--id', String(vote), '--json')).out).status).to.equal('active');
    expect((await cli('two-way:reject', '--id', String(vote))).err).to.contain('--reason is required');
    expect((await cli('two-way:list', '--status', 'done')).code).to.equal(2);
  });
});
