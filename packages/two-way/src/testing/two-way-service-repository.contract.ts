/** The contract suite of the two-way services' store. */
import { expect } from 'chai';
import { currency, Money } from '@tuma/kernel';
import type { TwoWayServiceRepository } from '../application/services/two-way-service.repository.port.ts';
import { DAY_MS } from '../domain/services/billing-periods.ts';
import { TwoWayService, type NewTwoWayService, type TwoWayServiceSnapshot } from '../domain/services/two-way-service.aggregate.ts';

export interface TwoWayServiceRepositoryFixture {
  /** An empty store. */
  readonly repository: TwoWayServiceRepository;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  /** Runs a step the way the application does: in a fresh context, inside a unit of work (locks need one). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const MARCH = new Date('2026-03-01T08:00:00.000Z');
const usd = (micros: bigint) => Money.ofMicros(micros, currency('USD'));

const draft = (accountId: string, changes: Partial<NewTwoWayService> = {}, at = MARCH) =>
  TwoWayService.request(
    {
      accountId, countryCode: 'UG', type: 'dedicated', keyword: null, tollFree: false, kycDocumentUrls: ['https://docs.example/kyc.pdf'],
      useCase: 'Support', companyName: 'Acme', webhookUrl: null, autoReplyEnabled: false, autoReplyText: '', forwardEmail: null,
      prices: { setupFeeUsd: usd(500_000_000n), monthlyFeeUsd: usd(300_000_000n), inboundPriceUsd: usd(8_108n), outboundPriceUsd: usd(8_108n) },
      ...changes,
    },
    at,
  );

const changed = (snapshot: TwoWayServiceSnapshot, change: (service: TwoWayService) => unknown): TwoWayServiceSnapshot => {
  const service = TwoWayService.rehydrate(snapshot);
  change(service);
  return service.toSnapshot();
};

export function describeTwoWayServiceRepositoryContract(name: string, make: () => Promise<TwoWayServiceRepositoryFixture>): void {
  describe(`TwoWayServiceRepository contract: ${name}`, () => {
    let f: TwoWayServiceRepositoryFixture;
    let a: string;
    let b: string;
    const step = <T>(work: (repository: TwoWayServiceRepository) => Promise<T>) => f.step(() => work(f.repository));
    const add = async (service: Omit<TwoWayServiceSnapshot, 'id'>) => (await step((r) => r.add(service)))._unsafeUnwrap();

    beforeEach(async () => {
      f = await make();
      [a, b] = f.accountIds;
    });

    it('numbers services 1, 2, 3 and stores them field for field', async () => {
      const first = await add(draft(a));
      const second = await add(draft(b, { type: 'shared', keyword: 'PIZZA' }));
      expect([first.id, second.id - first.id]).to.deep.equal([first.id, 1]);
      expect(await step((r) => r.find(first.id))).to.deep.equal(first);
      expect(await step((r) => r.lock(second.id))).to.deep.equal(second);
      expect(await step((r) => r.listByAccount(a))).to.deep.equal([first]);
    });

    it('holds a shared keyword per country among live services: a second claim is refused, written nowhere', async () => {
      const held = await add(draft(a, { type: 'shared', keyword: 'PIZZA' }));
      expect((await step((r) => r.add(draft(b, { type: 'shared', keyword: 'PIZZA' }))))._unsafeUnwrapErr()).to.deep.include({ type: 'keyword_taken', keyword: 'PIZZA', countryCode: 'UG' });
      expect(await step((r) => r.listByAccount(b))).to.deep.equal([]);
      expect(await step((r) => r.keywordHolder('UG', 'PIZZA'))).to.equal(held.id);
      await add(draft(b, { type: 'shared', keyword: 'PIZZA', countryCode: 'KE' }));
      await step((r) => r.save(changed(held, (s) => s.cancel(MARCH))));
      expect(await step((r) => r.keywordHolder('UG', 'PIZZA')), 'released on cancel').to.equal(undefined);
      expect((await step((r) => r.add(draft(b, { type: 'shared', keyword: 'PIZZA' })))).isOk()).to.equal(true);
    });

    it('finds the holder of a dedicated number, the live services on a number, and due and unpaid ones', async () => {
      const service = await add(draft(a));
      const approved = changed(service, (s) => s.approve('6100', MARCH));
      await step((r) => r.save(approved));
      expect(await step((r) => r.numberHolder('6100'))).to.equal(service.id);
      expect(await step((r) => r.onNumber('6100'))).to.deep.equal([approved]);
      const day30 = new Date(MARCH.getTime() + 30 * DAY_MS);
      expect(await step((r) => r.dueIds(new Date(day30.getTime() - 1), null, 10))).to.deep.equal([]);
      expect(await step((r) => r.dueIds(day30, null, 10))).to.deep.equal([service.id]);
      const unpaid = changed(approved, (s) => s.chargeFailed(day30));
      await step((r) => r.save(unpaid));
      expect(await step((r) => r.unpaidIdsOf(a))).to.deep.equal([service.id]);
      expect(await step((r) => r.list({ status: 'past_due', page: 0, limit: 10 }))).to.deep.equal({ services: [unpaid], total: 1 });
    });
  });
}
