/** The contract suite of the SMS webhook configurations (one per account and environment). */
import { expect } from 'chai';
import { scopeKey, type KeyScope } from '../domain/messages/key-scope.ts';
import { WebhookConfig } from '../domain/webhooks/webhook-config.aggregate.ts';
import type { WebhookConfigRepository } from '../application/webhooks/webhook-config.repository.port.ts';

export interface WebhookConfigRepositoryFixture {
  /** An empty store. */
  readonly configs: WebhookConfigRepository;
  /** Three accounts that exist. */
  readonly accountIds: readonly [string, string, string];
  /** Runs a step the way the application does (in a fresh unit of work / context). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const at = (second: number): Date => new Date(Date.UTC(2026, 10, 21, 10, 0, second, 123));

const live = (accountId: string): KeyScope => ({ accountId, environment: 'live' });
const test = (accountId: string): KeyScope => ({ accountId, environment: 'test' });

export function describeWebhookConfigRepositoryContract(name: string, make: () => Promise<WebhookConfigRepositoryFixture>): void {
  describe(`WebhookConfigRepository contract: ${name}`, () => {
    let f: WebhookConfigRepositoryFixture;
    let a: KeyScope;
    let b: KeyScope;
    let c: KeyScope;
    beforeEach(async () => {
      f = await make();
      [a, b, c] = f.accountIds.map(live) as [KeyScope, KeyScope, KeyScope];
    });

    it('keeps a first configuration once and serves it back field for field, the secret in the clear', async () => {
      expect(await f.step(() => f.configs.find(a))).to.equal(undefined);
      const first = WebhookConfig.create(a, 'whsec_first', at(1));
      await f.step(() => f.configs.insertIfAbsent(first));
      await f.step(() => f.configs.insertIfAbsent(WebhookConfig.create(a, 'whsec_second', at(2))));
      expect((await f.step(() => f.configs.find(a)))?.toSnapshot()).to.deep.equal(first.toSnapshot());
      expect(await f.step(() => f.configs.find(b))).to.equal(undefined);
    });

    it("saves changes (URLs set and cleared, switch, rotated secret) and tells where several accounts' events go", async () => {
      const created = WebhookConfig.create(a, 'whsec_one', at(1));
      await f.step(() => f.configs.insertIfAbsent(created));
      const changed = created.update({ dlrUrl: 'https://hooks.example.com/dlr?x=1', moUrl: 'https://hooks.example.com/mo', isActive: false }, at(2)).rotateSecret('whsec_two', at(3));
      await f.step(() => f.configs.save(changed));
      expect((await f.step(() => f.configs.find(a, { lock: true })))?.toSnapshot()).to.deep.equal(changed.toSnapshot());
      const cleared = changed.update({ moUrl: null }, at(4));
      await f.step(() => f.configs.save(cleared));
      await f.step(() => f.configs.insertIfAbsent(WebhookConfig.create(c, 'whsec_c', at(5))));
      const routing = await f.step(() => f.configs.routingOf([a, b, c]));
      expect([...routing.keys()].sort()).to.deep.equal([scopeKey(a), scopeKey(c)].sort());
      expect(routing.get(scopeKey(a))).to.deep.equal({ dlrUrl: 'https://hooks.example.com/dlr?x=1', moUrl: null, isActive: false });
      expect(routing.get(scopeKey(c))).to.deep.equal({ dlrUrl: null, moUrl: null, isActive: true });
      expect((await f.step(() => f.configs.routingOf([]))).size).to.equal(0);
    });

    it("keeps an account's test configuration apart from its live one: own URLs, own secret, own routing", async () => {
      const sandbox = test(a.accountId);
      const liveConfig = WebhookConfig.create(a, 'whsec_live', at(1)).update({ dlrUrl: 'https://live.example.com/dlr' }, at(1));
      await f.step(() => f.configs.save(liveConfig));
      expect(await f.step(() => f.configs.find(sandbox)), 'no test configuration yet').to.equal(undefined);
      const testConfig = WebhookConfig.create(sandbox, 'whsec_test', at(2)).update({ dlrUrl: 'https://sandbox.example.com/dlr' }, at(2));
      await f.step(() => f.configs.insertIfAbsent(testConfig));
      await f.step(() => f.configs.save(testConfig.rotateSecret('whsec_test_2', at(3))));
      expect((await f.step(() => f.configs.find(a)))?.toSnapshot()).to.deep.equal(liveConfig.toSnapshot());
      expect((await f.step(() => f.configs.find(sandbox, { lock: true })))?.toSnapshot()).to.include({ environment: 'test', signingSecret: 'whsec_test_2', dlrUrl: 'https://sandbox.example.com/dlr' });
      const routing = await f.step(() => f.configs.routingOf([a, sandbox, test(b.accountId)]));
      expect([...routing.keys()].sort()).to.deep.equal([scopeKey(a), scopeKey(sandbox)].sort());
      expect(routing.get(scopeKey(sandbox))?.dlrUrl).to.equal('https://sandbox.example.com/dlr');
      expect(routing.get(scopeKey(a))?.dlrUrl).to.equal('https://live.example.com/dlr');
    });
  });
}
