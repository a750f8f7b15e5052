import { expect } from 'chai';
import fc from 'fast-check';
import { currency, Money } from '@tuma/kernel';
import { isFinal, Verification, type OtpPolicy } from '../src/index.ts';

const KES = currency('KES');
const T0 = new Date('2026-06-01T08:00:00.000Z');
const policy: OtpPolicy = { ttlSeconds: 600, maxCheckAttempts: 5, maxSends: 5, resendCooldownSeconds: 30 };

const started = (code: string, at = T0) =>
  Verification.start({ id: 'ver_1', accountId: 'acc_1', environment: 'live', appId: 'vera_1', to: '+254712345678', country: 'KE', policy, codeHash: code, messageId: 'msg_1', cost: Money.zero(KES) }, at);

type Step = { kind: 'check'; right: boolean } | { kind: 'resend' } | { kind: 'wait'; seconds: number } | { kind: 'cancel' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('check' as const), right: fc.boolean() }),
  fc.record({ kind: fc.constant('resend' as const) }),
  fc.record({ kind: fc.constant('wait' as const), seconds: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ kind: fc.constant('cancel' as const) }),
);

describe('Verification (state machine)', () => {
  it('approves a right code once, and a second check of it is not valid', () => {
    const v = started('111111');
    expect(v.check(true, T0)).to.deep.equal({ valid: true, changed: true });
    expect(v.statusAt(T0)).to.equal('approved');
    expect(v.toSnapshot().codeHash, 'the hash is dropped once final').to.equal(null);
    expect(v.check(true, T0)).to.deep.equal({ valid: false, changed: false });
  });

  it('ends at max_attempts_reached after the allowed wrong codes, and then refuses the right one', () => {
    const v = started('111111');
    for (let i = 0; i < policy.maxCheckAttempts - 1; i++) expect(v.check(false, T0).valid).to.equal(false);
    expect(v.statusAt(T0)).to.equal('pending');
    expect(v.attemptsLeft()).to.equal(1);
    v.check(false, T0);
    expect([v.statusAt(T0), v.attemptsLeft()]).to.deep.equal(['max_attempts_reached', 0]);
    expect(v.check(true, T0).valid).to.equal(false);
  });

  it('expires at expires_at: reads show it at once, a check writes it down and fails', () => {
    const v = started('111111');
    const later = new Date(T0.getTime() + policy.ttlSeconds * 1000);
    expect(v.statusAt(new Date(later.getTime() - 1))).to.equal('pending');
    expect(v.statusAt(later)).to.equal('expired');
    expect(v.check(true, later)).to.deep.equal({ valid: false, changed: true });
    expect([v.toSnapshot().status, v.toSnapshot().codeHash]).to.deep.equal(['expired', null]);
  });

  it('refuses resends inside the cooldown (with the seconds left) and past max_sends', () => {
    const v = started('111111');
    expect(v.claimResend(new Date(T0.getTime() + 10_000))._unsafeUnwrapErr()).to.include({ type: 'resend_too_soon', retryAfter: 20 });
    let at = T0.getTime();
    for (let i = 1; i < policy.maxSends; i++) {
      at += policy.resendCooldownSeconds * 1000;
      expect(v.claimResend(new Date(at)).isOk()).to.equal(true);
    }
    expect([v.sendsLeft(), v.claimResend(new Date(at + 60_000))._unsafeUnwrapErr().type]).to.deep.equal([0, 'max_sends_reached']);
  });

  it('never approves a wrong code, never passes its limits and never leaves a final state, whatever happens', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let now = T0.getTime();
        let latest = 'code-1';
        let sentCodes = 1;
        const v = started(latest);
        for (const s of steps) {
          const at = new Date(now);
          const before = v.toSnapshot().status;
          const wasPending = v.statusAt(at) === 'pending';
          if (s.kind === 'wait') now += s.seconds * 1000;
          if (s.kind === 'cancel') v.cancel(at);
          if (s.kind === 'resend' && v.claimResend(at).isOk()) {
            latest = `code-${++sentCodes}`;
            v.codeResent({ codeHash: latest, messageId: `msg_${sentCodes}`, cost: Money.zero(KES) }, at);
          }
          if (s.kind === 'check') {
            const guess = s.right ? latest : 'wrong';
            const { valid } = v.check(guess === v.toSnapshot().codeHash, at);
            if (valid) expect([guess, wasPending], 'approved only by the latest code of a pending one').to.deep.equal([latest, true]);
          }
          const after = v.toSnapshot();
          if (isFinal(before)) expect(after.status, 'a final state stays').to.equal(before);
          if (isFinal(after.status)) expect(after.codeHash, 'final: no hash kept').to.equal(null);
          if (after.status === 'approved') expect(before === 'approved' || (s.kind === 'check' && s.right)).to.equal(true);
          expect(after.checkAttempts).to.be.at.most(policy.maxCheckAttempts);
          expect(after.sends).to.be.at.most(policy.maxSends);
          expect(after.sends).to.equal(sentCodes);
        }
      }),
      { numRuns: 500 },
    );
  });
});
