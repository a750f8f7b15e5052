/** The contract suite of the sender addresses' store. */
import { expect } from 'chai';
import { newId } from '@tuma/kernel';
import type { SenderAddressRepository } from '../application/sender-addresses/sender-address.repository.port.ts';
import { SenderAddress, type SenderAddressSnapshot } from '../domain/sender-addresses/sender-address.aggregate.ts';

export interface SenderAddressRepositoryFixture {
  /** An empty store. */
  readonly repository: SenderAddressRepository;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const AT = Date.UTC(2026, 10, 25, 8, 0, 0, 123);

const added = (accountId: string, email: string, n = 0, name: string | null = 'Amina'): SenderAddressSnapshot => {
  const at = new Date(AT + n * 1000);
  return SenderAddress.add({ id: newId('sa', at), accountId, email, name }, at).toSnapshot();
};

export function describeSenderAddressRepositoryContract(name: string, make: () => Promise<SenderAddressRepositoryFixture>): void {
  describe(`SenderAddressRepository contract: ${name}`, () => {
    let f: SenderAddressRepositoryFixture;
    let a: string;
    let b: string;
    const step = <T>(work: (repository: SenderAddressRepository) => Promise<T>) => f.step(() => work(f.repository));

    beforeEach(async () => {
      f = await make();
      [a, b] = f.accountIds;
    });

    it('stores an address field for field, found by id and by address within its account only', async () => {
      const address = added(a, 'amina@example.org');
      expect(await step((r) => r.add(address))).to.equal(true);
      expect(await step((r) => r.find(a, address.id))).to.deep.equal(address);
      expect(await step((r) => r.findByEmail(a, 'amina@example.org'))).to.deep.equal(address);
      expect(await step((r) => r.find(b, address.id)), "another account's id").to.equal(undefined);
      expect(await step((r) => r.findByEmail(b, 'amina@example.org')), 'another account').to.equal(undefined);
    });

    it('keeps an address once per account, while another account may add it', async () => {
      expect(await step((r) => r.add(added(a, 'amina@example.org')))).to.equal(true);
      expect(await step((r) => r.add(added(a, 'amina@example.org', 1, null)))).to.equal(false);
      expect(await step((r) => r.add(added(b, 'amina@example.org', 2))), 'another account').to.equal(true);
      expect(await step((r) => r.list(a))).to.have.length(1);
    });

    it('saves a confirmation, and lists newest first', async () => {
      const first = added(a, 'one@example.org', 1, null);
      const second = added(a, 'two@example.org', 2);
      for (const address of [first, second, added(b, 'three@example.org', 3)]) await step((r) => r.add(address));
      const confirmed = SenderAddress.rehydrate(first);
      confirmed.confirm(new Date(AT + 60_000));
      await step((r) => r.save(confirmed.toSnapshot()));
      expect(await step((r) => r.list(a))).to.deep.equal([second, confirmed.toSnapshot()]);
    });

    it("removes an address of the account, not another account's", async () => {
      const address = added(a, 'amina@example.org');
      await step((r) => r.add(address));
      expect(await step((r) => r.remove(b, address.id))).to.equal(false);
      expect(await step((r) => r.remove(a, address.id))).to.equal(true);
      expect(await step((r) => r.remove(a, address.id)), 'twice').to.equal(false);
      expect(await step((r) => r.findByEmail(a, 'amina@example.org'))).to.equal(undefined);
    });
  });
}
