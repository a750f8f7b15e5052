/** The contract suite of the store of idempotency keys' records. */
import { expect } from 'chai';
import type { IdempotencyKeyStore } from '../application/idempotency-key-store.port.ts';
import { IdempotencyKey } from '../domain/idempotency-key.value-object.ts';
import { claimOf, KEY_LIFETIME_MS, newClaim, type IdempotencyRecord, type IdempotencyScope, type StoredResponse } from '../domain/idempotency-record.ts';

export interface IdempotencyKeyStoreFixture {
  /** An empty store. */
  readonly store: IdempotencyKeyStore;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  /** Runs a step the way the application does (in a fresh unit of work / context). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const at = (minute: number): Date => new Date(Date.UTC(2026, 10, 24, 9, minute, 0, 123));
const LEASE_MS = 60_000;

const claimFor = (scope: IdempotencyScope, key: string, minute = 0, fingerprint = 'f'.repeat(64)): IdempotencyRecord =>
  newClaim({ scope, key: IdempotencyKey.create(key)._unsafeUnwrap(), operation: 'POST /api/messages/send', fingerprint }, at(minute), LEASE_MS);

/** A response whose body's key order, nesting and text must come back exactly. */
const RESPONSE: StoredResponse = {
  status: 200,
  headers: { 'X-Example': 'kept' },
  body: { id: 'msg_01JAAAAAAAAAAAAAAAAAAAAAAA', status: 'sent', cost: 0.8, zeta: { b: [1, 'x', null], a: true }, alpha: 'Habari \u{1F600} "quoted" \\ back' },
};
const REFUSAL: StoredResponse = { status: 402, headers: {}, body: { error: { code: 'insufficient_balance', message: 'Insufficient balance' }, required: 1.6 } };

export function describeIdempotencyKeyStoreContract(name: string, make: () => Promise<IdempotencyKeyStoreFixture>): void {
  describe(`IdempotencyKeyStore contract: ${name}`, () => {
    let f: IdempotencyKeyStoreFixture;
    let live: IdempotencyScope;
    const step = <T>(work: (store: IdempotencyKeyStore) => Promise<T>) => f.step(() => work(f.store));
    /** One claim: undefined when stored, else the record holding its key. */
    const insertOrFind = (claim: IdempotencyRecord) => step(async (store) => (await store.insertOrFind([claim]))[0]);
    /** The record holding the key now (a probe that finds nothing is stored: only for keys known to be taken). */
    const current = (record: IdempotencyRecord) => insertOrFind(claimFor(record.scope, record.key, 59));

    beforeEach(async () => {
      f = await make();
      live = { accountId: f.accountIds[0], environment: 'live' };
    });

    it('stores a claim of a free key, and answers the record of a taken one without writing', async () => {
      const first = claimFor(live, 'order-1042');
      expect(await insertOrFind(first)).to.equal(undefined);
      const second = claimFor(live, 'order-1042', 1);
      expect(await insertOrFind(second)).to.deep.equal(first);
      expect(await current(first)).to.deep.equal(first);
    });

    it('stores many claims in one call, answering by position; of two claims of one key, the first is stored and the second gets it', async () => {
      const [a, b, again] = [claimFor(live, 'k-batch-a'), claimFor(live, 'k-batch-b'), claimFor(live, 'k-batch-a', 1)];
      const holder = claimFor(live, 'k-batch-taken');
      await insertOrFind(holder);
      const answers = await step((store) => store.insertOrFind([a, b, again, claimFor(live, 'k-batch-taken', 2)]));
      expect(answers).to.deep.equal([undefined, undefined, a, holder]);
      expect(await step((store) => store.insertOrFind([]))).to.deep.equal([]);
    });

    it('keeps keys apart per account and per environment', async () => {
      const scopes: IdempotencyScope[] = [live, { accountId: f.accountIds[0], environment: 'test' }, { accountId: f.accountIds[1], environment: 'live' }];
      for (const scope of scopes) expect(await insertOrFind(claimFor(scope, 'same-key')), JSON.stringify(scope)).to.equal(undefined);
    });

    it('keeps the response of the claim that owns the record, exactly, and only once', async () => {
      const record = claimFor(live, 'k-response');
      await insertOrFind(record);
      await step((store) => store.complete([{ claim: { ...claimOf(record), owner: 'someone-else' }, response: REFUSAL }], at(1)));
      expect((await current(record))!.response).to.equal(null);
      await step((store) => store.complete([{ claim: claimOf(record), response: RESPONSE }], at(1)));
      const answered = (await current(record))!;
      expect(answered.response).to.deep.equal(RESPONSE);
      expect(JSON.stringify(answered.response!.body), 'key order kept').to.equal(JSON.stringify(RESPONSE.body));
      await step((store) => store.complete([{ claim: claimOf(record), response: REFUSAL }], at(2)));
      expect((await current(record))!.response).to.deep.equal(RESPONSE);
    });

    it('completes many claims in one call, each with its own response', async () => {
      const [a, b] = [claimFor(live, 'k-many-a'), claimFor(live, 'k-many-b')];
      for (const record of [a, b]) await insertOrFind(record);
      await step((store) => store.complete([{ claim: claimOf(a), response: RESPONSE }, { claim: claimOf(b), response: REFUSAL }], at(1)));
      expect((await current(a))!.response).to.deep.equal(RESPONSE);
      expect((await current(b))!.response).to.deep.equal(REFUSAL);
    });

    it('replaces a record still as its caller saw it, and refuses one that changed meanwhile', async () => {
      const first = claimFor(live, 'k-replace');
      await insertOrFind(first);
      const second = claimFor(live, 'k-replace', 2);
      expect(await step((store) => store.replace(first, second))).to.equal(true);
      expect(await current(first)).to.deep.equal(second);
      expect(await step((store) => store.replace(first, claimFor(live, 'k-replace', 3))), 'another owner now').to.equal(false);

      const seenUnanswered = (await current(second))!;
      await step((store) => store.complete([{ claim: claimOf(second), response: RESPONSE }], at(3)));
      expect(await step((store) => store.replace(seenUnanswered, claimFor(live, 'k-replace', 4))), 'answered since').to.equal(false);
      const seenAnswered = (await current(second))!;
      const fresh = claimFor(live, 'k-replace', 5);
      expect(await step((store) => store.replace(seenAnswered, fresh)), 'answered as seen').to.equal(true);
      expect(await current(fresh)).to.deep.equal(fresh);
    });

    it('holds, by position, the claims that still own an unanswered record', async () => {
      const [mine, answered, taken] = [claimFor(live, 'k-hold-1'), claimFor(live, 'k-hold-2'), claimFor(live, 'k-hold-3')];
      for (const record of [mine, answered, taken]) await insertOrFind(record);
      await step((store) => store.complete([{ claim: claimOf(answered), response: RESPONSE }], at(1)));
      const unknown = claimOf(claimFor(live, 'k-hold-never'));
      const held = await step((store) => store.hold([claimOf(mine), claimOf(answered), { ...claimOf(taken), owner: 'someone-else' }, unknown, claimOf(taken)]));
      expect(held).to.deep.equal([true, false, false, false, true]);
      expect(await step((store) => store.hold([]))).to.deep.equal([]);
    });

    it('releases an unanswered record of its owner only: the key is free again', async () => {
      const record = claimFor(live, 'k-release');
      await insertOrFind(record);
      await step((store) => store.release({ ...claimOf(record), owner: 'someone-else' }));
      expect(await current(record)).to.deep.equal(record);
      await step((store) => store.release(claimOf(record)));
      expect(await insertOrFind(claimFor(live, 'k-release', 1)), 'free again').to.equal(undefined);

      const answered = claimFor(live, 'k-release-answered');
      await insertOrFind(answered);
      await step((store) => store.complete([{ claim: claimOf(answered), response: RESPONSE }], at(1)));
      await step((store) => store.release(claimOf(answered)));
      expect((await current(answered))!.response, 'an answered record stays').to.deep.equal(RESPONSE);
    });

    it("forgets its owner's record, answered or not: the key is free again", async () => {
      const answered = claimFor(live, 'k-forget');
      await insertOrFind(answered);
      await step((store) => store.complete([{ claim: claimOf(answered), response: RESPONSE }], at(1)));
      await step((store) => store.forget({ ...claimOf(answered), owner: 'someone-else' }));
      expect((await current(answered))!.response, "another owner's forget changes nothing").to.deep.equal(RESPONSE);
      await step((store) => store.forget(claimOf(answered)));
      expect(await insertOrFind(claimFor(live, 'k-forget', 1)), 'free again').to.equal(undefined);
    });

    it('purges records past their lifetime, up to the limit per call, and keeps the others', async () => {
      const old = [0, 1, 2].map((minute) => claimFor(live, `k-old-${minute}`, minute));
      const young = claimFor(live, 'k-young', 30);
      for (const record of [...old, young]) await insertOrFind(record);
      await step((store) => store.complete([{ claim: claimOf(old[0]!), response: RESPONSE }], at(1)));
      const purgeAt = new Date(at(2).getTime() + KEY_LIFETIME_MS);
      expect(await step((store) => store.purgeExpired(purgeAt, 2))).to.equal(2);
      expect(await step((store) => store.purgeExpired(purgeAt, 2))).to.equal(1);
      expect(await step((store) => store.purgeExpired(purgeAt, 2))).to.equal(0);
      expect(await current(young)).to.deep.equal(young);
      for (const record of old) expect(await insertOrFind(claimFor(live, record.key, 59)), record.key).to.equal(undefined);
    });
  });
}
