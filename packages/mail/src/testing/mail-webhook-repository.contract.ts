/** The contract suite of the mail webhooks' store. */
import { expect } from 'chai';
import { newId } from '@tuma/kernel';
import type { MailWebhookRepository } from '../application/webhooks/mail-webhook.repository.port.ts';
import { MailWebhook } from '../domain/webhooks/mail-webhook.aggregate.ts';

export interface MailWebhookRepositoryFixture {
  /** An empty store. */
  readonly repository: MailWebhookRepository;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  /** Runs a step the way the application does (in a fresh context). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const at = (second: number) => new Date(Date.UTC(2026, 10, 25, 8, 0, second, 123));

export function describeMailWebhookRepositoryContract(name: string, make: () => Promise<MailWebhookRepositoryFixture>): void {
  describe(`MailWebhookRepository contract: ${name}`, () => {
    let f: MailWebhookRepositoryFixture;
    const step = <T>(work: (repository: MailWebhookRepository) => Promise<T>) => f.step(() => work(f.repository));
    const created = (accountId: string, second: number) =>
      MailWebhook.create({ id: newId('mwh', at(second)), accountId, url: `https://hooks.example.com/mail/${second}`, events: ['delivered', 'bounced'], secret: `whsec_${second}` }, at(second)).toSnapshot();

    beforeEach(async () => {
      f = await make();
    });

    it('stores a webhook and serves it back field for field, the secret included, to its account only', async () => {
      const [a, b] = f.accountIds;
      const webhook = created(a, 1);
      await step((r) => r.add(webhook));
      expect(await step((r) => r.find(a, webhook.id))).to.deep.equal(webhook);
      expect(await step((r) => r.find(b, webhook.id)), "another account's").to.equal(undefined);
    });

    it('lists the webhooks of the accounts asked for, oldest first', async () => {
      const [a, b] = f.accountIds;
      const [first, second, other] = [created(a, 1), created(a, 2), created(b, 3)];
      for (const webhook of [second, other, first]) await step((r) => r.add(webhook));
      expect((await step((r) => r.ofAccounts([a]))).map((w) => w.id)).to.deep.equal([first.id, second.id]);
      expect((await step((r) => r.ofAccounts([a, b]))).map((w) => w.id)).to.deep.equal([first.id, second.id, other.id]);
      expect(await step((r) => r.ofAccounts([]))).to.deep.equal([]);
    });

    it('saves changes and removes a webhook of its own account only', async () => {
      const [a, b] = f.accountIds;
      const webhook = created(a, 1);
      await step((r) => r.add(webhook));
      const changed = MailWebhook.rehydrate(webhook).change({ url: 'https://hooks.example.com/new', events: ['open', 'click', 'open'], isActive: false }, at(9)).toSnapshot();
      await step((r) => r.save(changed));
      expect(await step((r) => r.find(a, webhook.id))).to.deep.equal({ ...changed, events: ['open', 'click'] });
      expect(await step((r) => r.remove(b, webhook.id)), "another account's").to.equal(false);
      expect(await step((r) => r.remove(a, webhook.id))).to.equal(true);
      expect(await step((r) => r.find(a, webhook.id))).to.equal(undefined);
      expect(await step((r) => r.remove(a, webhook.id)), 'gone').to.equal(false);
    });
  });
}
