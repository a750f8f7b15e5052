import { expect } from 'chai';
import { createIdempotency, IdempotencyKey, IdempotentEffects, requestFingerprint, type IdempotencyClaim } from '@tuma/idempotency';
import { InMemoryIdempotencyKeyStore } from '@tuma/idempotency/testing';
import { currency, errAsync, Money, okAsync, ResultAsync, utf8, type Result } from '@tuma/kernel';
import { FakeClock, ImmediateUnitOfWork, InMemoryJobScheduler, ReferenceDigests } from '@tuma/kernel/testing';
import { refusalsAtGates, type Sender, type SendOtpError, type SendOtpInput, type SentOtp } from '@tuma/messaging';
import { createVerification, Verification, type OtpSender, type StartedVerification, type StartVerificationError } from '../src/index.ts';
import { InMemoryVelocityLimits, InMemoryVerificationRepository, InMemoryVerifyAppRepository } from '../src/testing/index.ts';

const LIVE: Sender = { accountId: 'acc_1', apiKeyId: 'key_1', environment: 'live', walletCurrency: currency('KES') };
const TO = '+254712345678';

/**
 * Sends nothing; records what it was asked, and refuses when told to. Like the SMS core, a live
 * code's SMS passes its caller's gate and is "stored" first, with the caller's row and kept answer
 * (`IdempotentEffects.within`), and only then refused or not, as a carrier would.
 */
class FakeOtpSender implements OtpSender {
  readonly sent: SendOtpInput[] = [];
  refuseNext = false;
  constructor(private readonly effects: IdempotentEffects) {}

  send(input: SendOtpInput): ResultAsync<SentOtp, SendOtpError> {
    const stored = this.effects.within(input.idempotency, () =>
      ResultAsync.fromSafePromise(refusalsAtGates([input.admission])).andThen(([refusal]) => {
        if (refusal) return errAsync(refusal);
        this.sent.push(input);
        const sms: SentOtp = { messageId: input.sender.environment === 'live' ? `msg_${this.sent.length}` : null, to: String(input.to), country: 'KE', cost: Money.parse('0.8', 'KES')._unsafeUnwrap() };
        return ResultAsync.fromSafePromise((async () => void (input.alongside && (await input.alongside.writer.write([input.alongside.rowFor(sms) as never]))))()).map(() => sms);
      }),
    );
    return stored.andThen((sent) => {
      if (!this.refuseNext) return okAsync(sent);
      this.refuseNext = false;
      return errAsync({ type: 'otp_send_failed' as const, messageId: sent.messageId!, errorCode: 'invalid_destination' as const, message: 'refused' });
    });
  }
}

function world(velocity = { perNumberPerHour: 5, perCountryPerHour: 1000 }) {
  const clock = new FakeClock('2026-06-01T08:00:00.000Z');
  const idempotencyKeys = new InMemoryIdempotencyKeyStore();
  const otp = new FakeOtpSender(new IdempotentEffects(idempotencyKeys, clock));
  const verifications = new InMemoryVerificationRepository();
  const apps = new InMemoryVerifyAppRepository();
  const codes = ['482913', '771205', '309118', '550611', '123987'];
  const verify = createVerification({
    unitOfWork: new ImmediateUnitOfWork(),
    clock,
    jobs: new InMemoryJobScheduler(clock),
    verifications,
    apps,
    otpSender: otp,
    velocityLimits: new InMemoryVelocityLimits(clock),
    idempotencyKeys,
    pepper: () => utf8('a pepper of at least thirty-two characters'),
    digests: new ReferenceDigests(),
    velocity,
    generateCode: () => codes.shift()!,
  });
  return { clock, otp, verifications, apps, verify, idempotency: createIdempotency({ keyStore: idempotencyKeys, clock, leaseMs: 60_000 }) };
}

describe('Verify use cases (in-memory world)', () => {
  it('sends the rendered code and masked text, and keeps only a hash bound to the verification', async () => {
    const w = world();
    const started = (await w.verify.startVerification.execute({ sender: LIVE, to: TO }))._unsafeUnwrap();
    expect(String(w.otp.sent[0]!.to), 'the number as read once').to.equal(TO);
    expect(w.otp.sent[0]).to.deep.include({ text: 'Your Verify code is 482913. It expires in 10 minutes.', maskedText: 'Your Verify code is ******. It expires in 10 minutes.' });
    const stored = JSON.stringify(await w.verifications.find(LIVE, started.verification.id), (_, value) => (typeof value === 'bigint' ? String(value) : value));
    expect(stored).to.not.include('482913');
    expect(started.verification.codeHash).to.match(/^[0-9a-f]{64}$/);
    expect(started.sandboxCode).to.equal(null);
    expect((await w.verify.checkVerification.execute(LIVE, started.verification.id, '482913'))._unsafeUnwrap()).to.include({ valid: true, status: 'approved' });
  });

  it('decides checks that arrive together in one batch, in arrival order: a right code approves once, another scope finds nothing', async () => {
    const w = world();
    const id = (await w.verify.startVerification.execute({ sender: LIVE, to: TO }))._unsafeUnwrap().verification.id;
    const saves: number[] = [];
    const save = w.verifications.saveIfUnchanged.bind(w.verifications);
    w.verifications.saveIfUnchanged = (changes) => (saves.push(changes.length), save(changes));
    const other = { accountId: 'acc_2', environment: 'live' as const };
    const checks = await Promise.all([
      w.verify.checkVerification.execute(LIVE, id, '000001'),
      w.verify.checkVerification.execute(LIVE, id, '482913'),
      w.verify.checkVerification.execute(other, id, '482913'),
      w.verify.checkVerification.execute(LIVE, id, '482913'),
    ]);
    expect(checks.map((c) => (c.isOk() ? [c.value.valid, c.value.status, c.value.attemptsLeft] : c.error.type))).to.deep.equal([
      [false, 'pending', 4],
      [true, 'approved', 3],
      'not_found',
      [false, 'approved', 3],
    ]);
    // The four came in one event-loop turn: decided together, and their verification written once.
    expect(saves).to.deep.equal([1]);
  });

  it('decides a check again under the lock when its verification changed after it was read (another process checked it): every attempt counts', async () => {
    const w = world();
    const id = (await w.verify.startVerification.execute({ sender: LIVE, to: TO }))._unsafeUnwrap().verification.id;
    const findAll = w.verifications.findAll.bind(w.verifications);
    let racing = true;
    w.verifications.findAll = async (ids) => {
      const read = await findAll(ids);
      if (racing) {
        racing = false;
        const elsewhere = Verification.rehydrate(read[0]!);
        elsewhere.check(false, w.clock.now());
        await w.verifications.save([elsewhere.toSnapshot()]);
      }
      return read;
    };
    const locks: number[] = [];
    const lockAll = w.verifications.lockAll.bind(w.verifications);
    w.verifications.lockAll = (ids) => (locks.push(ids.length), lockAll(ids));
    expect((await w.verify.checkVerification.execute(LIVE, id, '000001'))._unsafeUnwrap()).to.include({ valid: false, status: 'pending', attemptsLeft: 3 });
    expect(locks, 'decided again under the lock').to.deep.equal([1]);
    expect((await w.verifications.find(LIVE, id))!.checkAttempts).to.equal(2);
    expect((await w.verify.checkVerification.execute(LIVE, id, '482913'))._unsafeUnwrap()).to.include({ valid: true, status: 'approved' });
    expect(locks, 'a check nothing raced is not locked').to.deep.equal([1]);
  });

  it('stores a start whose SMS was refused as failed, with nothing charged, and answers the refusal', async () => {
    const w = world();
    w.otp.refuseNext = true;
    expect((await w.verify.startVerification.execute({ sender: LIVE, to: TO }))._unsafeUnwrapErr().type).to.equal('otp_send_failed');
    const [failed] = (await w.verify.listVerifications.execute({ ...LIVE, page: 0, limit: 10 }))._unsafeUnwrap().items;
    expect([failed!.status, failed!.verification.cost.isZero(), failed!.verification.codeHash]).to.deep.equal(['failed', true, null]);
  });

  describe('with an Idempotency-Key', () => {
    const START = 'POST /v1/verify/start';
    const claimOf = async (w: ReturnType<typeof world>, key: string) => {
      const attempt = { scope: LIVE, key: IdempotencyKey.create(key)._unsafeUnwrap(), operation: START, fingerprint: await requestFingerprint(START, { to: TO }) };
      return (await w.idempotency.claimKey.execute(attempt))._unsafeUnwrap();
    };
    /** What the route would keep: 201 with the verification's id and status. */
    const answering = (claim: IdempotencyClaim) => ({
      claim,
      respond: (outcome: Result<StartedVerification, StartVerificationError>) =>
        outcome.isOk() ? { status: 201, headers: {}, body: { id: outcome.value.verification.id, status: outcome.value.status } } : { status: 400, headers: {}, body: { error: outcome.error.type } },
    });

    it('keeps a live start and its answer with the SMS: a repetition replays the verification, whatever happens after', async () => {
      const w = world();
      const claimed = await claimOf(w, 'k-start');
      if (claimed.type !== 'claimed') throw new Error('expected a claim');
      const started = (await w.verify.startVerification.execute({ sender: LIVE, to: TO, idempotency: answering(claimed.claim) }))._unsafeUnwrap();
      expect(await claimOf(w, 'k-start')).to.deep.equal({ type: 'replay', response: { status: 201, headers: {}, body: { id: started.verification.id, status: 'pending' } } });
      expect((await w.verifications.find(LIVE, started.verification.id))!.messageIds).to.deep.equal(['msg_1']);
    });

    it('fails a start whose SMS the carrier then refused and frees its key, so that a retry starts again', async () => {
      const w = world();
      const claimed = await claimOf(w, 'k-refused');
      if (claimed.type !== 'claimed') throw new Error('expected a claim');
      w.otp.refuseNext = true;
      expect((await w.verify.startVerification.execute({ sender: LIVE, to: TO, idempotency: answering(claimed.claim) }))._unsafeUnwrapErr().type).to.equal('otp_send_failed');
      const [failed] = (await w.verify.listVerifications.execute({ ...LIVE, page: 0, limit: 10 }))._unsafeUnwrap().items;
      expect([failed!.status, failed!.verification.cost.isZero()]).to.deep.equal(['failed', true]);
      expect((await claimOf(w, 'k-refused')).type, 'the key is free again').to.equal('claimed');
    });
  });

  it('uses a send for a resend whose SMS was refused: the old code still works, the cooldown starts again', async () => {
    const w = world();
    const started = (await w.verify.startVerification.execute({ sender: LIVE, to: TO }))._unsafeUnwrap();
    w.clock.advance(30_000);
    w.otp.refuseNext = true;
    expect((await w.verify.resendVerification.execute(LIVE, started.verification.id))._unsafeUnwrapErr().type).to.equal('otp_send_failed');
    const after = (await w.verify.getVerification.execute({ scope: LIVE, id: started.verification.id }))._unsafeUnwrap();
    expect(after.sendsLeft).to.equal(3);
    expect((await w.verify.resendVerification.execute(LIVE, started.verification.id))._unsafeUnwrapErr().type).to.equal('resend_too_soon');
    expect((await w.verify.checkVerification.execute(LIVE, started.verification.id, '482913'))._unsafeUnwrap().valid).to.equal(true);
  });

  it('makes the default app once, and the first app an account creates is its default', async () => {
    const w = world();
    await Promise.all([1, 2, 3].map((i) => w.verify.startVerification.execute({ sender: LIVE, to: `+25471234567${i}` })));
    expect((await w.apps.list('acc_1')).map((app) => app.isDefault)).to.deep.equal([true]);
    const other = (await w.verify.createVerifyApp.execute({ accountId: 'acc_2', changes: { brand: 'Duka' } }))._unsafeUnwrap();
    expect(other.isDefault).to.equal(true);
    const started = (await w.verify.startVerification.execute({ sender: { ...LIVE, accountId: 'acc_2' }, to: TO }))._unsafeUnwrap();
    expect(started.verification.appId).to.equal(other.id);
  });

  it('counts starts per number and per country: over either, rate_limited with the seconds to the window end', async () => {
    const w = world({ perNumberPerHour: 2, perCountryPerHour: 3 });
    for (let i = 0; i < 2; i++) expect((await w.verify.startVerification.execute({ sender: LIVE, to: TO })).isOk()).to.equal(true);
    expect((await w.verify.startVerification.execute({ sender: LIVE, to: TO }))._unsafeUnwrapErr()).to.include({ type: 'rate_limited', retryAfter: 3600 });
    expect((await w.verify.startVerification.execute({ sender: LIVE, to: '+254712345679' }))._unsafeUnwrapErr().type, 'the country has had 4').to.equal('rate_limited');
    w.clock.advance(3600_000);
    expect((await w.verify.startVerification.execute({ sender: LIVE, to: TO })).isOk()).to.equal(true);
    expect(w.otp.sent).to.have.length(3);
  });

  it('expires due verifications in the sweep and drops their hashes', async () => {
    const w = world();
    const started = (await w.verify.startVerification.execute({ sender: LIVE, to: TO }))._unsafeUnwrap();
    w.clock.advance(600_000);
    expect(await w.verify.expireVerifications.run()).to.equal(1);
    const stored = await w.verifications.find(LIVE, started.verification.id);
    expect([stored!.status, stored!.codeHash]).to.deep.equal(['expired', null]);
  });
});
