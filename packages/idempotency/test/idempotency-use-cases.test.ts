import { expect } from 'chai';
import { err, ok, okAsync, errAsync, type Result } from '@tuma/kernel';
import { FakeClock } from '@tuma/kernel/testing';
import {
  createIdempotency,
  IdempotencyKey,
  IdempotentEffects,
  KEY_LIFETIME_MS,
  PURGE_CHUNK,
  requestFingerprint,
  type ClaimOutcome,
  type IdempotencyClaim,
  type IdempotencyRecord,
  type IdempotencyScope,
  type IdempotentRequest,
  type IdempotentRequestSignature,
  type StoredResponse,
} from '../src/index.ts';
import { InMemoryIdempotencyKeyStore } from '../src/testing/index.ts';

const LEASE_MS = 30_000;
const live: IdempotencyScope = { accountId: 'acc_a', environment: 'live' };
const SENT: StoredResponse = { status: 200, headers: {}, body: { id: 'msg_1', status: 'sent' } };

const setUp = () => {
  const clock = new FakeClock('2026-11-24T09:00:00.000Z');
  const store = new InMemoryIdempotencyKeyStore();
  return { clock, store, idempotency: createIdempotency({ keyStore: store, clock, leaseMs: LEASE_MS }), effects: new IdempotentEffects(store, clock) };
};

const signature = async (key: string, body: unknown = { to: '+254712345678', text: 'Habari' }, operation = 'POST /api/messages/send', scope = live): Promise<IdempotentRequestSignature> => ({
  scope,
  key: IdempotencyKey.create(key)._unsafeUnwrap(),
  operation,
  fingerprint: await requestFingerprint(operation, body),
});

const claimed = (outcome: ClaimOutcome): IdempotencyClaim => {
  if (outcome.type !== 'claimed') throw new Error(`expected a claim, got ${outcome.type}`);
  return outcome.claim;
};

/** A request whose outcomes are rendered as a 200 with the value, or a 402 with the error. */
const requestOf = (claim: IdempotencyClaim): IdempotentRequest<Result<string, string>> => ({
  claim,
  respond: (outcome) => (outcome.isOk() ? { status: 200, headers: {}, body: { value: outcome.value } } : { status: 402, headers: {}, body: { error: outcome.error } }),
});

/** The in-memory store behind a database that can go away: `down` refuses every call; `loseNextAnswer` stores the next claims, then fails as a lost acknowledgement does. */
class OutageStore extends InMemoryIdempotencyKeyStore {
  down = false;
  loseNextAnswer = false;

  override async insertOrFind(claims: readonly IdempotencyRecord[]): Promise<readonly (IdempotencyRecord | undefined)[]> {
    if (this.down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const found = await super.insertOrFind(claims);
    if (!this.loseNextAnswer) return found;
    this.loseNextAnswer = false;
    throw new Error('Connection terminated unexpectedly');
  }

  override async release(claim: IdempotencyClaim): Promise<void> {
    if (this.down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    return super.release(claim);
  }
}

describe('ClaimIdempotencyKey, RecordIdempotentResponse, ReleaseIdempotencyKey', () => {
  it('claims a free key; the same request gets 409 while it runs (retry after the lease left), then the first response', async () => {
    const { clock, idempotency } = setUp();
    const request = await signature('order-1042');
    const claim = claimed((await idempotency.claimKey.execute(request))._unsafeUnwrap());
    expect(claim).to.include({ key: 'order-1042' });

    clock.advance(10_500);
    const busy = (await idempotency.claimKey.execute(request))._unsafeUnwrapErr();
    expect(busy).to.deep.include({ type: 'idempotency_key_in_progress', retryAfter: 20 });
    expect(busy.message).to.contain('Idempotency-Key');

    await idempotency.recordResponse.execute(claim, SENT);
    expect((await idempotency.claimKey.execute(request))._unsafeUnwrap()).to.deep.equal({ type: 'replay', response: SENT });
    clock.advance(KEY_LIFETIME_MS - 20_000);
    expect((await idempotency.claimKey.execute(request))._unsafeUnwrap(), 'still within 24 h').to.deep.equal({ type: 'replay', response: SENT });
  });

  it('stores claims that arrive together in one call; of 20 concurrent claims of one key exactly one runs, the others get 409', async () => {
    const { clock, store } = setUp();
    const calls: number[] = [];
    const counted = Object.assign(Object.create(store) as InMemoryIdempotencyKeyStore, {
      insertOrFind: (claims: readonly IdempotencyRecord[]) => {
        calls.push(claims.length);
        return store.insertOrFind(claims);
      },
    });
    const idempotency = createIdempotency({ keyStore: counted, clock, leaseMs: LEASE_MS });
    const signatures = await Promise.all(Array.from({ length: 20 }, (_, i) => signature(`k-distinct-${i}`)));
    const distinct = await Promise.all(signatures.map((request) => idempotency.claimKey.execute(request)));
    expect(distinct.every((outcome) => outcome.isOk() && outcome.value.type === 'claimed')).to.equal(true);
    expect(calls.reduce((sum, size) => sum + size, 0)).to.equal(20);
    expect(calls, 'the claims of one event-loop turn together').to.deep.equal([20]);

    const request = await signature('k-same');
    const same = await Promise.all(Array.from({ length: 20 }, () => idempotency.claimKey.execute(request)));
    expect(same.filter((outcome) => outcome.isOk())).to.have.length(1);
    for (const refused of same.filter((outcome) => outcome.isErr())) expect(refused._unsafeUnwrapErr().type).to.equal('idempotency_key_in_progress');
  });

  it('refuses the key for another body (422) or another operation (naming it), answered or not', async () => {
    const { idempotency } = setUp();
    const claim = claimed((await idempotency.claimKey.execute(await signature('k1')))._unsafeUnwrap());
    const otherBody = (await idempotency.claimKey.execute(await signature('k1', { to: '+254712345678', text: 'Other' })))._unsafeUnwrapErr();
    expect(otherBody.type).to.equal('idempotency_key_reused');
    expect(otherBody.message).to.match(/Idempotency-Key was first used with a different body/);
    await idempotency.recordResponse.execute(claim, SENT);
    const otherRoute = (await idempotency.claimKey.execute(await signature('k1', { to: '+254712345678', text: 'Habari' }, 'POST /v1/verify/start')))._unsafeUnwrapErr();
    expect(otherRoute).to.deep.include({ type: 'idempotency_key_reused', message: 'This Idempotency-Key was first used for POST /api/messages/send: send a new request with a new key' });
  });

  it('keeps keys apart per account and per environment', async () => {
    const { idempotency } = setUp();
    for (const scope of [live, { ...live, environment: 'test' as const }, { accountId: 'acc_b', environment: 'live' as const }]) {
      expect((await idempotency.claimKey.execute(await signature('shared', {}, 'POST /api/messages/send', scope)))._unsafeUnwrap().type, scope.accountId + scope.environment).to.equal('claimed');
    }
  });

  it('lets a retry take over a key whose request never answered once its lease ran out; the first request can then neither answer nor commit', async () => {
    const { clock, idempotency, effects } = setUp();
    const request = await signature('k-dead');
    const dead = claimed((await idempotency.claimKey.execute(request))._unsafeUnwrap());
    clock.advance(LEASE_MS);
    const retry = claimed((await idempotency.claimKey.execute(request))._unsafeUnwrap());
    expect(retry.owner).not.to.equal(dead.owner);
    let committed = false;
    const late = await effects.within(requestOf(dead), () => {
      committed = true;
      return okAsync('charged twice');
    });
    expect(late._unsafeUnwrapErr()).to.deep.include({ type: 'idempotency_key_in_progress' });
    expect(committed).to.equal(false);
    await idempotency.recordResponse.execute(dead, { status: 200, headers: {}, body: { id: 'msg_late' } });
    await idempotency.releaseKey.execute(dead);
    clock.advance(1_000);
    expect((await idempotency.claimKey.execute(request))._unsafeUnwrapErr().type, 'the retry still runs').to.equal('idempotency_key_in_progress');
    await idempotency.recordResponse.execute(retry, SENT);
    expect((await idempotency.claimKey.execute(request))._unsafeUnwrap()).to.deep.equal({ type: 'replay', response: SENT });
  });

  it('frees a released key at once: the retry runs again', async () => {
    const { idempotency } = setUp();
    const request = await signature('k-fault');
    const failed = claimed((await idempotency.claimKey.execute(request))._unsafeUnwrap());
    await idempotency.releaseKey.execute(failed);
    expect((await idempotency.claimKey.execute(request))._unsafeUnwrap().type).to.equal('claimed');
  });

  it('remembers the releases that failed (the database unreachable) and frees those keys once it answers; a key answered meanwhile keeps its answer', async () => {
    const clock = new FakeClock('2026-11-24T09:00:00.000Z');
    const store = new OutageStore();
    const idempotency = createIdempotency({ keyStore: store, clock, leaseMs: LEASE_MS });
    const rolledBack = await signature('k-rolled-back');
    const committed = await signature('k-committed');
    const first = claimed((await idempotency.claimKey.execute(rolledBack))._unsafeUnwrap());
    const second = claimed((await idempotency.claimKey.execute(committed))._unsafeUnwrap());
    await store.complete([{ claim: second, response: SENT }]); // its effect and answer committed; the acknowledgement was lost
    store.down = true;
    for (const claim of [first, second]) {
      const release = await Promise.resolve(idempotency.releaseKey.execute(claim)).then(() => 'released', () => 'failed');
      expect(release).to.equal('failed');
    }
    expect(idempotency.releaseKey.waiting).to.equal(2);
    expect(await idempotency.releaseKey.retryUnreleased(), 'still down: nothing released').to.equal(0);
    store.down = false;
    expect((await idempotency.claimKey.execute(rolledBack))._unsafeUnwrapErr().type, 'locked until the database answers').to.equal('idempotency_key_in_progress');
    expect(await idempotency.releaseKey.retryUnreleased()).to.equal(2);
    expect(idempotency.releaseKey.waiting).to.equal(0);
    expect((await idempotency.claimKey.execute(rolledBack))._unsafeUnwrap().type, 'the rolled-back request runs again').to.equal('claimed');
    expect((await idempotency.claimKey.execute(committed))._unsafeUnwrap(), 'the committed one replays').to.deep.equal({ type: 'replay', response: SENT });
  });

  it('releases, once the database answers, a claim whose storing failed: it may have been stored, and its request never ran', async () => {
    const clock = new FakeClock('2026-11-24T09:00:00.000Z');
    const store = new OutageStore();
    const idempotency = createIdempotency({ keyStore: store, clock, leaseMs: LEASE_MS });
    const request = await signature('k-claim-lost');
    store.loseNextAnswer = true;
    const lost = await Promise.resolve(idempotency.claimKey.execute(request)).then(() => 'claimed', () => 'failed');
    expect(lost).to.equal('failed');
    expect((await idempotency.claimKey.execute(request))._unsafeUnwrapErr().type, 'stored all the same').to.equal('idempotency_key_in_progress');
    expect(await idempotency.releaseKey.retryUnreleased()).to.equal(1);
    expect((await idempotency.claimKey.execute(request))._unsafeUnwrap().type).to.equal('claimed');
  });

  it('frees a key after 24 hours, for any request', async () => {
    const { clock, idempotency } = setUp();
    const claim = claimed((await idempotency.claimKey.execute(await signature('k-old')))._unsafeUnwrap());
    await idempotency.recordResponse.execute(claim, SENT);
    clock.advance(KEY_LIFETIME_MS);
    expect((await idempotency.claimKey.execute(await signature('k-old', { text: 'a new request' })))._unsafeUnwrap().type).to.equal('claimed');
  });
});

describe('PurgeExpiredIdempotencyKeys', () => {
  it('deletes every record past its lifetime, over several chunks, and keeps the younger ones', async () => {
    const { clock, idempotency } = setUp();
    for (let i = 0; i < PURGE_CHUNK + 5; i++) await idempotency.claimKey.execute(await signature(`old-${i}`));
    clock.advance(60_000);
    const young = await signature('young');
    await idempotency.recordResponse.execute(claimed((await idempotency.claimKey.execute(young))._unsafeUnwrap()), SENT);
    clock.advance(KEY_LIFETIME_MS - 30_000);
    expect((await idempotency.purgeExpired.execute())._unsafeUnwrap()).to.equal(PURGE_CHUNK + 5);
    expect((await idempotency.purgeExpired.execute())._unsafeUnwrap()).to.equal(0);
    expect((await idempotency.claimKey.execute(young))._unsafeUnwrap(), 'the young record is kept').to.deep.equal({ type: 'replay', response: SENT });
  });
});

describe('IdempotentEffects', () => {
  it('within: runs the work for a held claim and keeps its response with it', async () => {
    const { idempotency, effects } = setUp();
    const request = await signature('k-within');
    const claim = claimed((await idempotency.claimKey.execute(request))._unsafeUnwrap());
    expect((await effects.within(requestOf(claim), () => okAsync('charged')))._unsafeUnwrap()).to.equal('charged');
    expect((await idempotency.claimKey.execute(request))._unsafeUnwrap()).to.deep.equal({ type: 'replay', response: { status: 200, headers: {}, body: { value: 'charged' } } });
  });

  it('within: keeps nothing for an Err (the caller keeps its refusal afterwards), and just runs the work without a key', async () => {
    const { idempotency, effects } = setUp();
    const request = await signature('k-err');
    const claim = claimed((await idempotency.claimKey.execute(request))._unsafeUnwrap());
    expect((await effects.within(requestOf(claim), () => errAsync('insufficient')))._unsafeUnwrapErr()).to.equal('insufficient');
    expect((await idempotency.claimKey.execute(request))._unsafeUnwrapErr().type).to.equal('idempotency_key_in_progress');
    expect(await effects.within(undefined, () => okAsync('no key'))).to.deep.equal(ok('no key'));
  });

  it('inBatch: writes the items whose claim is held (or that have none) in order, keeps each outcome with its claim, refuses the ones taken over', async () => {
    const { clock, idempotency, effects } = setUp();
    const [a, b, c] = [await signature('k-a'), await signature('k-b'), await signature('k-c')];
    const claimA = claimed((await idempotency.claimKey.execute(a))._unsafeUnwrap());
    const lostC = claimed((await idempotency.claimKey.execute(c))._unsafeUnwrap());
    clock.advance(LEASE_MS);
    const claimB = claimed((await idempotency.claimKey.execute(b))._unsafeUnwrap());
    claimed((await idempotency.claimKey.execute(c))._unsafeUnwrap());
    const declining: IdempotentRequest<Result<string, string>> = { claim: claimB, respond: () => undefined };
    const items = [
      { name: 'plain', request: undefined },
      { name: 'a', request: requestOf(claimA) },
      { name: 'lost', request: requestOf(lostC) },
      { name: 'b', request: declining },
    ];
    const written: string[][] = [];
    const outcomes = await effects.inBatch(
      items,
      (item) => item.request,
      async (held) => {
        written.push(held.map((item) => item.name));
        return held.map((item) => (item.name === 'a' ? err('insufficient') : ok(`sent ${item.name}`)));
      },
    );
    expect(written).to.deep.equal([['plain', 'a', 'b']]);
    expect(outcomes.slice(0, 2)).to.deep.equal([ok('sent plain'), err('insufficient')]);
    expect(outcomes[2]!._unsafeUnwrapErr()).to.deep.include({ type: 'idempotency_key_in_progress' });
    expect(outcomes[3]).to.deep.equal(ok('sent b'));
    expect((await idempotency.claimKey.execute(a))._unsafeUnwrap()).to.deep.equal({ type: 'replay', response: { status: 402, headers: {}, body: { error: 'insufficient' } } });
    expect((await idempotency.claimKey.execute(b))._unsafeUnwrapErr().type, 'a declined response is not kept').to.equal('idempotency_key_in_progress');
  });
});
