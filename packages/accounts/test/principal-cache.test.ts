import { sha256Hex, type Digests } from '@tuma/kernel';
import { expect } from 'chai';
import { FakeClock, ImmediateUnitOfWork, ReferenceDigests } from '@tuma/kernel/testing';
import { createAccounts, DEFAULT_PRINCIPAL_CACHE, PrincipalCache, type AccessChanges, type Principal } from '../src/index.ts';
import { InMemoryAccessChanges, InMemoryAccountRepository, InMemoryApiKeyRepository } from '../src/testing/index.ts';

/** The repositories with their reads and last-use writes counted. */
function countingRepositories() {
  const accounts = new InMemoryAccountRepository();
  const apiKeys = new InMemoryApiKeyRepository();
  const reads = { keys: 0, accounts: 0, uses: 0 };
  const findByPrefix = apiKeys.findByPrefix.bind(apiKeys);
  apiKeys.findByPrefix = (prefix) => (reads.keys++, findByPrefix(prefix));
  const recordUse = apiKeys.recordUse.bind(apiKeys);
  apiKeys.recordUse = (keyId, at) => (reads.uses++, recordUse(keyId, at));
  const findById = accounts.findById.bind(accounts);
  accounts.findById = (id) => (reads.accounts++, findById(id));
  return { accounts, apiKeys, reads };
}

/** Two "processes" on one store, hearing each other's changes through one feed. */
function setup(options: { accessChanges?: AccessChanges | null } = {}) {
  const clock = new FakeClock('2026-05-01T08:00:00Z');
  const { accounts, apiKeys, reads } = countingRepositories();
  const accessChanges = options.accessChanges === null ? undefined : (options.accessChanges ?? new InMemoryAccessChanges());
  const process = () =>
    createAccounts({ accountRepository: accounts, apiKeyRepository: apiKeys, unitOfWork: new ImmediateUnitOfWork(), clock, defaultWalletCurrency: 'KES', accessChanges });
  const a = process();
  const b = process();
  return { clock, reads, a, b, accessChanges };
}

async function customer(accounts: ReturnType<typeof createAccounts>, email = 'amina@example.com') {
  const account = (await accounts.createAccount.execute({ email }))._unsafeUnwrap();
  const issued = (await accounts.issueApiKey.execute({ accountId: account.id, environment: 'live' }))._unsafeUnwrap();
  return { account, key: issued.apiKey, token: issued.plaintext };
}

describe('key cache (PrincipalCache through AuthenticateApiKey)', () => {
  it('answers a known key without reading the store again, and records its use at most once a minute', async () => {
    const { a, reads, clock } = setup();
    const { token, key } = await customer(a);
    Object.assign(reads, { keys: 0, accounts: 0, uses: 0 });
    for (let i = 0; i < 5; i++) expect((await a.authenticateApiKey.execute(token))._unsafeUnwrap().apiKey.id).to.equal(key.id);
    expect(reads).to.deep.equal({ keys: 1, accounts: 1, uses: 1 });
    clock.advance(61_000);
    await a.authenticateApiKey.execute(token);
    expect(reads.uses).to.equal(2);
    expect(reads.keys, 'the TTL (30 s) went by: read again').to.equal(2);
  });

  it('keys entries by the SHA-256 of the key, never the key itself', async () => {
    const clock = new FakeClock();
    const cache = new PrincipalCache(clock);
    cache.resumed();
    const { a } = setup();
    const { token } = await customer(a);
    const principal = (await a.authenticateApiKey.execute(token))._unsafeUnwrap();
    const hash = await sha256Hex(token);
    await cache.get(hash, async () => principal);
    expect(await cache.get(hash, async () => undefined)).to.equal(principal);
    expect(await cache.get(token, async () => undefined)).to.equal(undefined);
  });

  it('refuses a key revoked in another process at once (and a wrong secret with a known prefix is never served from the cache)', async () => {
    const { a, b } = setup();
    const { token, key } = await customer(a);
    expect((await b.authenticateApiKey.execute(token)).isOk()).to.equal(true);
    const forged = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a');
    expect((await b.authenticateApiKey.execute(forged))._unsafeUnwrapErr().type).to.equal('unauthorized');
    (await a.revokeApiKey.execute({ keyId: key.id }))._unsafeUnwrap();
    expect((await b.authenticateApiKey.execute(token))._unsafeUnwrapErr().type).to.equal('unauthorized');
    expect((await a.authenticateApiKey.execute(token))._unsafeUnwrapErr().type).to.equal('unauthorized');
  });

  it('refuses every key of an account suspended in another process, and takes them back once reactivated', async () => {
    const { a, b } = setup();
    const { token, account } = await customer(a);
    const second = (await a.issueApiKey.execute({ accountId: account.id, environment: 'test' }))._unsafeUnwrap().plaintext;
    const other = await customer(a, 'other@example.com');
    for (const t of [token, second, other.token]) expect((await b.authenticateApiKey.execute(t)).isOk()).to.equal(true);
    (await a.setAccountStatus.execute({ accountId: account.id, status: 'suspended' }))._unsafeUnwrap();
    for (const t of [token, second]) expect((await b.authenticateApiKey.execute(t))._unsafeUnwrapErr().type).to.equal('account_suspended');
    expect((await b.authenticateApiKey.execute(other.token)).isOk(), 'other accounts keep their entries').to.equal(true);
    (await a.setAccountStatus.execute({ accountId: account.id, status: 'active' }))._unsafeUnwrap();
    expect((await b.authenticateApiKey.execute(token)).isOk()).to.equal(true);
  });

  it("authenticates the same with the platform's synchronous digests (and caches under the same digest)", async () => {
    const clock = new FakeClock('2026-05-01T08:00:00Z');
    const { accounts, apiKeys } = countingRepositories();
    const hashed: string[] = [];
    const reference = new ReferenceDigests();
    const digests: Digests = { hmacSha256: (key) => reference.hmacSha256(key), sha256Hex: (text) => (hashed.push(text), reference.sha256Hex(text)) };
    const process = createAccounts({
      accountRepository: accounts,
      apiKeyRepository: apiKeys,
      unitOfWork: new ImmediateUnitOfWork(),
      clock,
      defaultWalletCurrency: 'KES',
      accessChanges: new InMemoryAccessChanges(),
      digests,
    });
    const { token } = await customer(process);
    expect((await process.authenticateApiKey.execute(token)).isOk()).to.equal(true);
    expect(hashed).to.deep.equal([token]);
  });

  it('keeps nothing read before a change that came while the read was under way', async () => {
    const cache = new PrincipalCache(new FakeClock());
    cache.resumed();
    const principal = { account: { id: 'acc_1' }, apiKey: { id: 'key_1' } } as unknown as Principal;
    let release!: (principal: Principal) => void;
    const read = cache.get('hash', () => new Promise((resolve) => (release = resolve)));
    cache.changed({ keyId: 'key_2' });
    release(principal);
    expect(await read).to.equal(principal);
    expect(await cache.get('hash', async () => undefined), 'read again').to.equal(undefined);
    await cache.get('hash', async () => principal);
    expect(await cache.get('hash', async () => undefined)).to.equal(principal);
  });

  it('stores nothing until it hears changes, nor while changes may go unheard, nor for an unknown key, and starts empty again', async () => {
    const cache = new PrincipalCache(new FakeClock());
    const principal = { account: { id: 'acc_1' }, apiKey: { id: 'key_1' } } as unknown as Principal;
    const load = async () => principal;
    await cache.get('hash', load);
    expect(cache.size, 'not hearing yet').to.equal(0);
    cache.resumed();
    await cache.get('hash', load);
    expect(cache.size).to.equal(1);
    await cache.get('unknown', async () => undefined);
    expect(cache.size, 'an unknown key').to.equal(1);
    cache.interrupted();
    expect(cache.size).to.equal(0);
    await cache.get('hash', load);
    expect(cache.size, 'interrupted').to.equal(0);
    cache.resumed();
    await cache.get('hash', load);
    expect(cache.size).to.equal(1);
  });

  it('holds at most maxEntries, dropping the oldest, and forgets entries after the TTL', async () => {
    const clock = new FakeClock();
    const cache = new PrincipalCache(clock, { ttlMs: 1_000, maxEntries: 2 });
    cache.resumed();
    const principal = (n: number) => ({ account: { id: `acc_${n}` }, apiKey: { id: `key_${n}` } }) as unknown as Principal;
    for (const n of [1, 2, 3]) await cache.get(`h${n}`, async () => principal(n));
    const cached = async (hash: string) => (await cache.get(hash, async () => undefined))?.apiKey.id;
    expect([await cached('h2'), await cached('h3'), await cached('h1')]).to.deep.equal(['key_2', 'key_3', undefined]);
    clock.advance(1_000);
    expect(await cached('h2')).to.equal(undefined);
    expect(DEFAULT_PRINCIPAL_CACHE.ttlMs).to.be.at.most(60_000);
  });

  it('caches nothing without a way to hear changes (every authentication reads the store)', async () => {
    const { a, reads } = setup({ accessChanges: null });
    const { token } = await customer(a);
    for (let i = 0; i < 3; i++) await a.authenticateApiKey.execute(token);
    expect(reads.keys).to.equal(3);
  });

  it('publishes each change once, inside the unit of work: issue, revoke, suspend, reactivate, operator key rotation', async () => {
    const changes = new InMemoryAccessChanges();
    const { a } = setup({ accessChanges: changes });
    const { key, account } = await customer(a);
    await a.revokeApiKey.execute({ keyId: key.id });
    await a.setAccountStatus.execute({ accountId: account.id, status: 'suspended' });
    const first = (await a.registerOperatorKey.execute('operator-key-one-0123456789abcdef'))._unsafeUnwrap();
    await a.registerOperatorKey.execute('operator-key-two-0123456789abcdef');
    expect(changes.published).to.deep.include.members([{ keyId: key.id }, { accountId: account.id }, { keyId: first.id }]);
    expect(changes.published.filter((change) => 'keyId' in change && change.keyId === key.id)).to.have.length(2); // issued, revoked
  });
});
