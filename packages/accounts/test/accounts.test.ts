import { expect } from 'chai';
import { FakeClock } from '@tuma/kernel/testing';
import { ImmediateUnitOfWork } from '@tuma/kernel/testing';
import {
  Account,
  AuthenticateApiKey,
  CreateAccount,
  Email,
  EnsureDemoAccount,
  IssueApiKey,
  LAST_USED_RESOLUTION_MS,
  RegisterOperatorKey,
  RevokeApiKey,
  SetAccountStatus,
  VerifyAccountEmail,
} from '../src/index.ts';
import { InMemoryAccountRepository, InMemoryApiKeyRepository } from '../src/testing/index.ts';

function setup() {
  const clock = new FakeClock('2026-05-01T08:00:00Z');
  const accounts = new InMemoryAccountRepository();
  const apiKeys = new InMemoryApiKeyRepository();
  const uow = new ImmediateUnitOfWork();
  const createAccount = new CreateAccount(accounts, uow, clock, 'USD');
  const issueApiKey = new IssueApiKey(accounts, apiKeys, uow, clock);
  return {
    clock,
    accounts,
    apiKeys,
    createAccount,
    issueApiKey,
    authenticate: new AuthenticateApiKey(accounts, apiKeys, clock),
    setStatus: new SetAccountStatus(accounts, uow, clock),
    registerOperator: new RegisterOperatorKey(accounts, apiKeys, uow, clock),
    ensureDemo: new EnsureDemoAccount(accounts, createAccount, issueApiKey),
    verifyEmail: new VerifyAccountEmail(accounts, uow, clock),
    revoke: new RevokeApiKey(apiKeys, uow, clock),
  };
}

describe('accounts and API keys', () => {
  it('opens an account with a normalised email and the wallet currency asked for', async () => {
    const { createAccount } = setup();
    const account = (await createAccount.execute({ email: ' Ama@Example.COM ', walletCurrency: 'ghs' }))._unsafeUnwrap();
    expect(account.email).to.equal('ama@example.com');
    expect(account.walletCurrency).to.equal('GHS');
    expect(account.status).to.equal('active');
    expect(account.id).to.match(/^acc_/);
  });

  it('refuses a bad email, an unknown currency and a taken email, naming the field', async () => {
    const { createAccount } = setup();
    const bad = (await createAccount.execute({ email: 'nope' }))._unsafeUnwrapErr();
    expect(bad).to.deep.include({ type: 'validation_error' });
    expect(bad.type === 'validation_error' && bad.details[0]?.path).to.equal('email');
    const currency = (await createAccount.execute({ email: 'a@b.co', walletCurrency: 'XXQ' }))._unsafeUnwrapErr();
    expect(currency.type === 'validation_error' && currency.details[0]?.path).to.equal('wallet_currency');
    await createAccount.execute({ email: 'a@b.co' });
    expect((await createAccount.execute({ email: 'A@B.CO' }))._unsafeUnwrapErr().type).to.equal('conflict');
  });

  it('issues keys that authenticate, stores only their hash, and defaults the scopes', async () => {
    const { createAccount, issueApiKey, authenticate, apiKeys } = setup();
    const account = (await createAccount.execute({ email: 'k@example.com' }))._unsafeUnwrap();
    const { apiKey, plaintext } = (await issueApiKey.execute({ accountId: account.id, environment: 'test' }))._unsafeUnwrap();
    expect(plaintext).to.match(/^svc_test_[A-Za-z0-9]{40}$/);
    expect(apiKey.prefix).to.equal(plaintext.slice(0, 17));
    expect(apiKey.scopes).to.deep.equal(['send', 'query', 'webhooks']);
    const stored = (await apiKeys.findByPrefix(apiKey.prefix))!.toSnapshot();
    expect(JSON.stringify(stored)).not.to.contain(plaintext.slice(17));
    const principal = (await authenticate.execute(plaintext))._unsafeUnwrap();
    expect(principal.account.id).to.equal(account.id);
    expect(principal.apiKey.environment).to.equal('test');
  });

  it('rejects unknown scopes and unknown accounts', async () => {
    const { createAccount, issueApiKey } = setup();
    const account = (await createAccount.execute({ email: 's@example.com' }))._unsafeUnwrap();
    const scopes = (await issueApiKey.execute({ accountId: account.id, environment: 'live', scopes: ['send', 'admin'] }))._unsafeUnwrapErr();
    expect(scopes.type === 'validation_error' && scopes.details[0]?.path).to.equal('scopes');
    expect((await issueApiKey.execute({ accountId: 'acc_missing', environment: 'live' }))._unsafeUnwrapErr().type).to.equal('not_found');
  });

  it('answers 401-kind errors for wrong, tampered and revoked keys alike', async () => {
    const { createAccount, issueApiKey, authenticate, apiKeys, clock } = setup();
    const account = (await createAccount.execute({ email: 'r@example.com' }))._unsafeUnwrap();
    const { apiKey, plaintext } = (await issueApiKey.execute({ accountId: account.id, environment: 'live' }))._unsafeUnwrap();
    const tampered = plaintext.slice(0, -1) + (plaintext.endsWith('A') ? 'B' : 'A');
    expect((await authenticate.execute(tampered))._unsafeUnwrapErr().type).to.equal('unauthorized');
    expect((await authenticate.execute('svc_live_short'))._unsafeUnwrapErr().type).to.equal('unauthorized');
    apiKey.revoke(clock.now());
    await apiKeys.save(apiKey);
    expect((await authenticate.execute(plaintext))._unsafeUnwrapErr().type).to.equal('unauthorized');
  });

  it("holds a registration's account to test keys until its email is verified: no live key issued, none authenticates", async () => {
    const { createAccount, issueApiKey, authenticate, accounts, clock, verifyEmail } = setup();
    const account = (await createAccount.execute({ email: 'new@example.com', emailVerified: false }))._unsafeUnwrap();
    expect((await issueApiKey.execute({ accountId: account.id, environment: 'live' }))._unsafeUnwrapErr().type).to.equal('email_not_verified');
    const test = (await issueApiKey.execute({ accountId: account.id, environment: 'test' }))._unsafeUnwrap();
    expect((await authenticate.execute(test.plaintext)).isOk()).to.equal(true);

    // A live key issued before the account's email was held (e.g. before the rule existed) waits too.
    const older = (await createAccount.execute({ email: 'older@example.com' }))._unsafeUnwrap();
    const live = (await issueApiKey.execute({ accountId: older.id, environment: 'live' }))._unsafeUnwrap();
    await accounts.save(Account.rehydrate({ ...older.toSnapshot(), emailVerifiedAt: null }));
    expect((await authenticate.execute(live.plaintext))._unsafeUnwrapErr().type).to.equal('email_not_verified');

    clock.advance(1000);
    expect((await verifyEmail.execute('NEW@example.com'))._unsafeUnwrap()).to.equal(account.id);
    expect((await verifyEmail.execute('new@example.com'))._unsafeUnwrap(), 'verified once').to.equal(undefined);
    expect((await verifyEmail.execute('nobody@example.com'))._unsafeUnwrap()).to.equal(undefined);
    expect((await issueApiKey.execute({ accountId: account.id, environment: 'live' })).isOk()).to.equal(true);
  });

  it('revokes a key for its own account only (another account asking: not found)', async () => {
    const { createAccount, issueApiKey, revoke } = setup();
    const [mine, theirs] = [(await createAccount.execute({ email: 'mine@example.com' }))._unsafeUnwrap(), (await createAccount.execute({ email: 'theirs@example.com' }))._unsafeUnwrap()];
    const { apiKey } = (await issueApiKey.execute({ accountId: mine.id, environment: 'test' }))._unsafeUnwrap();
    expect((await revoke.execute({ keyId: apiKey.id, accountId: theirs.id }))._unsafeUnwrapErr().type).to.equal('not_found');
    expect((await revoke.execute({ keyId: apiKey.id, accountId: mine.id }))._unsafeUnwrap().isRevoked).to.equal(true);
  });

  it('refuses a suspended account with account_suspended and lets it back after unsuspend', async () => {
    const { createAccount, issueApiKey, authenticate, setStatus } = setup();
    const account = (await createAccount.execute({ email: 'x@example.com' }))._unsafeUnwrap();
    const { plaintext } = (await issueApiKey.execute({ accountId: account.id, environment: 'live' }))._unsafeUnwrap();
    await setStatus.execute({ accountId: account.id, status: 'suspended' });
    expect((await authenticate.execute(plaintext))._unsafeUnwrapErr().type).to.equal('account_suspended');
    await setStatus.execute({ accountId: account.id, status: 'active' });
    expect((await authenticate.execute(plaintext)).isOk()).to.equal(true);
  });

  it('records last use at most once per resolution window', async () => {
    const { createAccount, issueApiKey, authenticate, apiKeys, clock } = setup();
    const account = (await createAccount.execute({ email: 'u@example.com' }))._unsafeUnwrap();
    const { apiKey, plaintext } = (await issueApiKey.execute({ accountId: account.id, environment: 'live' }))._unsafeUnwrap();
    await authenticate.execute(plaintext);
    const first = (await apiKeys.findByPrefix(apiKey.prefix))!.toSnapshot().lastUsedAt;
    expect(first?.toISOString()).to.equal(clock.now().toISOString());
    clock.advance(LAST_USED_RESOLUTION_MS - 1);
    await authenticate.execute(plaintext);
    expect((await apiKeys.findByPrefix(apiKey.prefix))!.toSnapshot().lastUsedAt).to.deep.equal(first);
    clock.advance(1);
    await authenticate.execute(plaintext);
    expect((await apiKeys.findByPrefix(apiKey.prefix))!.toSnapshot().lastUsedAt).to.deep.equal(clock.now());
  });

  it('registers the operator key with the admin scope and rotates it when the variable changes', async () => {
    const { registerOperator, authenticate } = setup();
    const first = 'operator-key-0123456789-abcdef';
    await registerOperator.execute(first);
    const principal = (await authenticate.execute(first))._unsafeUnwrap();
    expect(principal.account.isAdmin).to.equal(true);
    expect(principal.apiKey.scopes).to.deep.equal(['admin']);
    await registerOperator.execute(first);
    expect((await authenticate.execute(first)).isOk()).to.equal(true);
    await registerOperator.execute('another-operator-key-987654321');
    expect((await authenticate.execute(first))._unsafeUnwrapErr().type).to.equal('unauthorized');
    expect(() => registerOperator.execute('short')).to.throw(/at least 24/);
  });

  it('creates the demo account once, with a live and a test key', async () => {
    const { ensureDemo, authenticate, registerOperator } = setup();
    await registerOperator.execute('operator-key-0123456789-abcdef');
    const demo = (await ensureDemo.execute())._unsafeUnwrap();
    expect(demo?.liveKey).to.match(/^svc_live_/);
    expect(demo?.testKey).to.match(/^svc_test_/);
    expect((await authenticate.execute(demo!.liveKey))._unsafeUnwrap().account.email).to.equal('demo@tuma.local');
    expect((await ensureDemo.execute())._unsafeUnwrap()).to.equal(undefined);
  });
});

describe('Email', () => {
  it('refuses control and format characters (terminal escapes, bidi overrides) and never echoes them', () => {
    for (const raw of ['ops\u001b[31m@example.com', 'ops@exa\u0007mple.com', 'ops@example.com\u202e', 'o\u0000ps@example.com', 'ops@ex\u200bample.com']) {
      const refused = Email.create(raw)._unsafeUnwrapErr();
      expect(refused.type, JSON.stringify(raw)).to.equal('invalid_email');
      expect(refused.message).to.not.match(/[\p{Cc}\p{Cf}]/u);
    }
    expect(Email.create(' Amina.Otieno+sms@Example.co.ke ')._unsafeUnwrap().value).to.equal('amina.otieno+sms@example.co.ke');
  });
});
