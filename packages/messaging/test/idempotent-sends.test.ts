import { expect } from 'chai';
import { IdempotencyKey, requestFingerprint, type IdempotencyClaim, type IdempotentRequest } from '@tuma/idempotency';
import type { Result } from '@tuma/kernel';
import type { BulkAccepted, SendBulkError, SendMessageError, SentMessage } from '../src/index.ts';
import { ACCOUNT, IDEMPOTENCY_LEASE_MS, LIVE, sendingWorld } from './support/sending-world.ts';

const KE = '+254712345678';
type World = Awaited<ReturnType<typeof sendingWorld>>;

const claimOf = async (w: World, key: string, body: unknown = { key }): Promise<IdempotencyClaim> => {
  const operation = 'POST /api/messages/send';
  const outcome = (await w.idempotency.claimKey.execute({
    scope: { accountId: ACCOUNT, environment: 'live' },
    key: IdempotencyKey.create(key)._unsafeUnwrap(),
    operation,
    fingerprint: await requestFingerprint(operation, body),
  }))._unsafeUnwrap();
  if (outcome.type !== 'claimed') throw new Error('expected a claim');
  return outcome.claim;
};

/** What the app would answer: 200 with the id, or the error's type with a 4xx. */
const answering = <T>(claim: IdempotencyClaim, idOf: (value: T) => string): IdempotentRequest<Result<T, { type: string }>> => ({
  claim,
  respond: (outcome) => (outcome.isOk() ? { status: 200, headers: {}, body: { id: idOf(outcome.value) } } : { status: 402, headers: {}, body: { error: outcome.error.type } }),
});

const repetitionOf = async (w: World, key: string) =>
  w.idempotency.claimKey.execute({ scope: { accountId: ACCOUNT, environment: 'live' }, key: IdempotencyKey.create(key)._unsafeUnwrap(), operation: 'POST /api/messages/send', fingerprint: await requestFingerprint('POST /api/messages/send', { key }) });

const debits = async (w: World) => (await w.ledger.transactions({ accountId: ACCOUNT, page: 0, limit: 100 }))._unsafeUnwrap().entries.filter((e) => e.kind === 'debit').length;

describe('sends with an Idempotency-Key (in-memory world)', () => {
  it('keeps a send’s answer in the unit of work of its charge: a repetition replays it though nobody else kept it', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const claim = await claimOf(w, 'k-send');
    const idempotency: IdempotentRequest<Result<SentMessage, SendMessageError>> = answering(claim, (sent: SentMessage) => sent.message.id);
    const sent = (await w.send.execute({ sender: LIVE, to: KE, text: 'Habari', scheduleMode: 'now', idempotency }))._unsafeUnwrap();
    expect((await repetitionOf(w, 'k-send'))._unsafeUnwrap()).to.deep.equal({ type: 'replay', response: { status: 200, headers: {}, body: { id: sent.message.id } } });
    expect(await debits(w)).to.equal(1);
  });

  it('keeps a refusal decided with the batch (402) the same way', async () => {
    const w = await sendingWorld();
    await w.fund('0.000001');
    const claim = await claimOf(w, 'k-broke');
    const refused = await w.send.execute({ sender: LIVE, to: KE, text: 'Habari', scheduleMode: 'now', idempotency: answering(claim, (sent: SentMessage) => sent.message.id) });
    expect(refused._unsafeUnwrapErr().type).to.equal('insufficient_balance');
    expect((await repetitionOf(w, 'k-broke'))._unsafeUnwrap()).to.deep.equal({ type: 'replay', response: { status: 402, headers: {}, body: { error: 'insufficient_balance' } } });
  });

  it('refuses, unwritten, a send whose key a retry took over after the lease: nothing charged, no message; the retry’s send goes once', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const stale = await claimOf(w, 'k-slow');
    w.clock.advance(IDEMPOTENCY_LEASE_MS);
    const retry = await claimOf(w, 'k-slow');
    const [late, current] = await Promise.all([
      w.send.execute({ sender: LIVE, to: KE, text: 'Habari', scheduleMode: 'now', idempotency: answering(stale, (sent: SentMessage) => sent.message.id) }),
      w.send.execute({ sender: LIVE, to: KE, text: 'Habari', scheduleMode: 'now', idempotency: answering(retry, (sent: SentMessage) => sent.message.id) }),
    ]);
    expect(late._unsafeUnwrapErr()).to.deep.include({ type: 'idempotency_key_in_progress' });
    const sent = current._unsafeUnwrap();
    expect(await debits(w)).to.equal(1);
    expect(w.messages.all().map((m) => m.id)).to.deep.equal([sent.message.id]);
    expect((await repetitionOf(w, 'k-slow'))._unsafeUnwrap()).to.deep.equal({ type: 'replay', response: { status: 200, headers: {}, body: { id: sent.message.id } } });
  });

  it('keeps a bulk send’s answer with its charge, and refuses a bulk send whose key was taken over, charging nothing', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const bulk = (idempotency: IdempotentRequest<Result<BulkAccepted, SendBulkError>>) =>
      w.sendBulk.execute({ sender: LIVE, recipients: [{ to: KE }, { to: '+254712345679' }], text: 'Habari {{name}}', scheduleMode: 'now', idempotency });
    const claim = await claimOf(w, 'k-bulk');
    const accepted = (await bulk(answering(claim, (done: BulkAccepted) => done.batch.id)))._unsafeUnwrap();
    expect((await repetitionOf(w, 'k-bulk'))._unsafeUnwrap()).to.deep.equal({ type: 'replay', response: { status: 200, headers: {}, body: { id: accepted.batch.id } } });

    const stale = await claimOf(w, 'k-bulk-slow');
    w.clock.advance(IDEMPOTENCY_LEASE_MS);
    await claimOf(w, 'k-bulk-slow');
    expect((await bulk(answering(stale, (done: BulkAccepted) => done.batch.id)))._unsafeUnwrapErr()).to.deep.include({ type: 'idempotency_key_in_progress' });
    expect(await debits(w), 'only the first bulk send was charged').to.equal(1);
  });
});
