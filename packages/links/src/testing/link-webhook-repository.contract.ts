/** The contract suite of the click webhooks' store (secrets sealed at rest by the real one). */
import { expect } from 'chai';
import type { LinkWebhookRepository } from '../application/webhooks/link-webhook.repository.port.ts';
import { newLinkWebhook, type LinkWebhookSnapshot } from '../domain/webhooks/link-webhook.ts';

export interface LinkWebhookRepositoryFixture {
  /** An empty store. */
  readonly repository: LinkWebhookRepository;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const AT = Date.UTC(2026, 10, 25, 8, 0, 0, 123);
const made = (accountId: string, n: number, environment: 'live' | 'test' = 'live'): LinkWebhookSnapshot =>
  newLinkWebhook({ accountId, environment, url: `https://hooks.example/${n}`, events: ['link.clicked', 'link.clicked'], secret: `whsec_secret${n}` }, new Date(AT + n * 1000));

export function describeLinkWebhookRepositoryContract(name: string, make: () => Promise<LinkWebhookRepositoryFixture>): void {
  describe(`LinkWebhookRepository contract: ${name}`, () => {
    let f: LinkWebhookRepositoryFixture;
    const step = <T>(work: () => Promise<T>) => f.step(work);

    beforeEach(async () => {
      f = await make();
    });

    it('stores a webhook with its secret, found in its account and environment only; lists the accounts’ webhooks oldest first; removes one of the owner only', async () => {
      const [a, b] = f.accountIds;
      const live = made(a, 1);
      const test = made(a, 2, 'test');
      const other = made(b, 3);
      for (const webhook of [live, test, other]) await step(() => f.repository.add(webhook));
      expect(live.events).to.deep.equal(['link.clicked']);
      expect(await step(() => f.repository.find(a, 'live', live.id))).to.deep.equal(live);
      expect(await step(() => f.repository.find(a, 'test', live.id))).to.equal(undefined);
      expect(await step(() => f.repository.find(b, 'live', live.id))).to.equal(undefined);
      expect((await step(() => f.repository.ofAccounts([a]))).map((w) => w.id)).to.deep.equal([live.id, test.id]);
      expect((await step(() => f.repository.ofAccounts([a, b]))).map((w) => w.id)).to.deep.equal([live.id, test.id, other.id]);
      expect(await step(() => f.repository.ofAccounts([]))).to.deep.equal([]);
      expect(await step(() => f.repository.remove(a, 'test', live.id))).to.equal(false);
      expect(await step(() => f.repository.remove(a, 'live', live.id))).to.equal(true);
      expect(await step(() => f.repository.remove(a, 'live', live.id))).to.equal(false);
      expect((await step(() => f.repository.ofAccounts([a]))).map((w) => w.id)).to.deep.equal([test.id]);
    });
  });
}
