import { expect } from 'chai';
import fc from 'fast-check';
import { Money } from '@tuma/kernel';
import { DAY_MS, FINAL_STATUSES, GRACE_DAYS, TwoWayService, type TwoWayServiceSnapshot } from '../src/index.ts';

const usd = (amount: string) => Money.parse(amount, 'USD')._unsafeUnwrap();
const START = new Date('2026-03-01T08:00:00Z');

const pending = (): TwoWayService => {
  const draft = TwoWayService.request(
    {
      accountId: 'acc_1', countryCode: 'KE', type: 'dedicated', keyword: null, tollFree: false, kycDocumentUrls: ['https://docs.example/kyc.pdf'],
      useCase: 'Support', companyName: 'Acme', webhookUrl: null, autoReplyEnabled: false, autoReplyText: '', forwardEmail: null,
      prices: { setupFeeUsd: usd('500'), monthlyFeeUsd: usd('300'), inboundPriceUsd: usd('0.0062'), outboundPriceUsd: usd('0.0062') },
    },
    START,
  );
  return TwoWayService.rehydrate({ ...draft, id: 1 });
};

/** What happens to a service: time passes, the operator or the customer acts, the sweep charges (paid or not), a top-up retries. */
type Step =
  | { readonly kind: 'wait'; readonly ms: number }
  | { readonly kind: 'approve' | 'reject' | 'cancel' | 'suspend' | 'unsuspend' | 'top_up' }
  | { readonly kind: 'sweep'; readonly paid: boolean };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 40 * DAY_MS }).map((ms) => ({ kind: 'wait' as const, ms })) },
  { weight: 4, arbitrary: fc.boolean().map((paid) => ({ kind: 'sweep' as const, paid })) },
  { weight: 3, arbitrary: fc.constantFrom('approve', 'reject', 'cancel', 'suspend', 'unsuspend', 'top_up').map((kind) => ({ kind }) as Step) },
);

/** Runs the steps as the use cases would, recording every charge made (period numbers) and every snapshot. */
function run(steps: readonly Step[]) {
  const service = pending();
  let now = START;
  const charges: { period: number; status: TwoWayServiceSnapshot['status'] }[] = [];
  const history: TwoWayServiceSnapshot[] = [service.toSnapshot()];
  const sweep = (paid: boolean) => {
    for (let due = service.dueCharge(now); due; due = service.dueCharge(now)) {
      if (!paid) return service.chargeFailed(now);
      charges.push({ period: due.period, status: service.status });
      service.charged(due.period, now);
    }
  };
  for (const s of steps) {
    if (s.kind === 'wait') now = new Date(now.getTime() + s.ms);
    else if (s.kind === 'approve' && service.approvalCharge().isOk()) {
      charges.push({ period: 1, status: service.status });
      service.approve('22100', now);
    } else if (s.kind === 'reject') service.reject('no KYC', now);
    else if (s.kind === 'cancel') service.cancel(now);
    else if (s.kind === 'suspend') service.suspend(now);
    else if (s.kind === 'unsuspend') service.unsuspend(now);
    else if (s.kind === 'top_up') {
      service.retryNow(now);
      sweep(true);
    } else if (s.kind === 'sweep') sweep(s.paid);
    history.push(service.toSnapshot());
  }
  return { service, charges, history, now };
}

describe('two-way service state machine (properties)', () => {
  it('no period is ever charged twice, and periods are charged in order 1, 2, 3, ...', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const periods = run(steps).charges.map((c) => c.period);
        expect(periods).to.deep.equal(periods.map((_, i) => i + 1));
      }),
    );
  });

  it('nothing is charged to a pending, rejected or cancelled service', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const { charges } = run(steps);
        expect(charges.filter((c) => c.period > 1).map((c) => c.status)).to.not.include.members(['pending', 'rejected', 'cancelled']);
        expect(charges.filter((c) => c.period === 1).map((c) => c.status)).to.satisfy((s: string[]) => s.every((x) => x === 'pending'));
      }),
    );
  });

  it('a final status is never left', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const { history } = run(steps);
        const firstFinal = history.findIndex((s) => FINAL_STATUSES.has(s.status));
        if (firstFinal >= 0) for (const later of history.slice(firstFinal)) expect(later.status).to.equal(history[firstFinal]!.status);
      }),
    );
  });

  it('the periods paid never run ahead of time: at most the periods started since approval', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const { service, now } = run(steps);
        const { approvedAt, periodsPaid } = service.toSnapshot();
        if (approvedAt) expect(periodsPaid).to.be.at.most(Math.floor((now.getTime() - approvedAt.getTime()) / (30 * DAY_MS)) + 1);
        else expect(periodsPaid).to.equal(0);
      }),
    );
  });
});

describe('two-way service lifecycle', () => {
  const approved = () => {
    const service = pending();
    service.approve('22100', START)._unsafeUnwrap();
    return service;
  };
  const at = (days: number) => new Date(START.getTime() + days * DAY_MS);

  it('approval makes it active with period 1 paid and period 2 due 30 days later', () => {
    const service = approved();
    expect(service.toSnapshot()).to.deep.include({ status: 'active', number: '22100', approvedAt: START, periodsPaid: 1, nextChargeAt: at(30) });
    expect(service.dueCharge(at(29.9))).to.equal(null);
    expect(service.dueCharge(at(30))).to.deep.equal({ period: 2, withSetupFee: false });
  });

  it('an unpaid fee makes it past due, retried daily, suspended after 7 days; paying restores active', () => {
    const service = approved();
    service.chargeFailed(at(30));
    expect(service.toSnapshot()).to.deep.include({ status: 'past_due', unpaidSince: at(30), nextChargeAt: at(31) });
    expect(service.dueCharge(at(30.5)), 'not before the daily retry').to.equal(null);
    for (let day = 31; day < 30 + GRACE_DAYS; day++) service.chargeFailed(at(day));
    expect(service.status).to.equal('past_due');
    service.chargeFailed(at(30 + GRACE_DAYS));
    expect(service.toSnapshot()).to.deep.include({ status: 'suspended', suspendedFor: 'non_payment' });
    service.charged(2, at(38));
    expect(service.toSnapshot()).to.deep.include({ status: 'active', suspendedFor: null, unpaidSince: null, periodsPaid: 2, nextChargeAt: at(60) });
  });

  it('an operator suspension outlasts a payment and is lifted by unsuspend only', () => {
    const service = approved();
    service.suspend(at(1))._unsafeUnwrap();
    expect(service.isServing).to.equal(false);
    service.charged(2, at(30));
    expect(service.status).to.equal('suspended');
    expect(pending().unsuspend(at(1))._unsafeUnwrapErr().type).to.equal('service_state_conflict');
    service.unsuspend(at(31))._unsafeUnwrap();
    expect(service.status).to.equal('active');
  });

  it('cancel stops every charge; rejected and cancelled refuse every action', () => {
    const service = approved();
    service.cancel(at(3))._unsafeUnwrap();
    expect(service.dueCharge(at(90))).to.equal(null);
    expect(service.cancel(at(4)).isErr()).to.equal(true);
    const rejected = pending();
    rejected.reject('no KYC', START)._unsafeUnwrap();
    expect([rejected.approve('1', START).isErr(), rejected.cancel(START).isErr(), rejected.suspend(START).isErr()]).to.deep.equal([true, true, true]);
  });
});
