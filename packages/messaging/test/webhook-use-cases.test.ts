import { expect } from 'chai';
import { err, ok } from '@tuma/kernel';
import { AllowedHosts, signWebhookBody, WebhookDestinations, type AddressPolicy, type HostResolver, type WebhookAttemptOutcome, type WebhookPost, type WebhookSender } from '@tuma/webhooks';
import type { KeyScope, WebhookEvent } from '../src/index.ts';
import { webhookWorld, type WebhookWorld } from '../src/testing/contracts.ts';

const ACCOUNT: KeyScope = { accountId: 'acc_1', environment: 'live' };
const OTHER: KeyScope = { accountId: 'acc_2', environment: 'live' };
/** ACCOUNT's sandbox: its own webhook configuration and events. */
const SANDBOX: KeyScope = { accountId: 'acc_1', environment: 'test' };
const DLR_URL = 'https://hooks.example.com/dlr';
const MO_URL = 'https://hooks.example.com/mo';

/** Test doubles: 10.x is private, names resolve from a table. */
const policy: AddressPolicy = { blockedReason: (address) => (address.startsWith('10.') ? 'a private address (10.0.0.0/8)' : undefined) };
const resolver: HostResolver = {
  addresses: async (host) => {
    const table: Record<string, string[]> = { 'hooks.example.com': ['93.184.216.34'], 'sneaky.example.com': ['93.184.216.35', '10.0.0.7'] };
    const addresses = table[host];
    return addresses ? ok(addresses.map((address) => ({ address, family: 4 as const }))) : err('ENOTFOUND');
  },
};

/** Answers with the scripted status codes in turn (then 200), remembering each POST and the fake time it came at. */
class ScriptedSender implements WebhookSender {
  readonly posts: (WebhookPost & { readonly at: number })[] = [];
  clock: { now(): Date } | undefined;

  /** Answers in call order from `script`, or per URL from `byUrl` (for posts made at the same time); then 200. */
  constructor(
    private readonly script: number[] = [],
    private readonly byUrl: Record<string, number[]> = {},
  ) {}

  async post(post: WebhookPost): Promise<WebhookAttemptOutcome> {
    this.posts.push({ ...post, at: this.clock!.now().getTime() });
    return { statusCode: this.byUrl[post.url]?.shift() ?? this.script.shift() ?? 200, latencyMs: 3, error: null };
  }
}

function world(script: number[] = [], byUrl: Record<string, number[]> = {}): { w: WebhookWorld; sender: ScriptedSender } {
  const sender = new ScriptedSender(script, byUrl);
  const w = webhookWorld(sender, new WebhookDestinations(policy, resolver, AllowedHosts.none));
  sender.clock = w.clock;
  return { w, sender };
}

const dlr = (owner: KeyScope, n: number): WebhookEvent => ({
  id: `evt_01JAAAAAAAAAAAAAAAAAAAA${String(n).padStart(3, '0')}`,
  ...owner,
  kind: 'dlr',
  type: 'message.delivered',
  payload: { event: 'message.delivered', message_id: `msg_${n}`, status: 'delivered' },
  createdAt: new Date('2026-11-21T10:00:00.000Z'),
});
const mo = (owner: KeyScope, n: number): WebhookEvent => ({ ...dlr(owner, n), kind: 'mo', type: 'message.inbound', payload: { event: 'message.inbound', message_id: `mo_${n}` } });

async function configure(w: WebhookWorld, owner: KeyScope, change: { dlrUrl?: string | null; moUrl?: string | null; isActive?: boolean }) {
  return (await w.updateConfig.execute({ owner, ...change }))._unsafeUnwrap();
}

describe('webhooks (in-memory world, fake clock)', () => {
  describe('publishing', () => {
    it('keeps an event only for an account with webhooks on and a URL for its kind, and enqueues one attempt per event', async () => {
      const { w } = world();
      await configure(w, ACCOUNT, { dlrUrl: DLR_URL });
      await configure(w, OTHER, { dlrUrl: DLR_URL, moUrl: MO_URL, isActive: false });
      await w.publisher.publish([dlr(ACCOUNT, 1), mo(ACCOUNT, 2), dlr(OTHER, 3), dlr({ accountId: 'acc_without_config', environment: 'live' }, 4), dlr(ACCOUNT, 5)]);
      const kept = (await w.deliveries.list(ACCOUNT, 0, 10)).deliveries.map((d) => d.delivery.eventId).sort();
      expect(kept).to.deep.equal([dlr(ACCOUNT, 1).id, dlr(ACCOUNT, 5).id]);
      expect((await w.deliveries.list(OTHER, 0, 10)).total).to.equal(0);
      expect(w.jobs.jobs().map((job) => job.payload)).to.deep.equal([
        { eventId: dlr(ACCOUNT, 1).id, series: 1, attempt: 1 },
        { eventId: dlr(ACCOUNT, 5).id, series: 1, attempt: 1 },
      ]);
      await w.publisher.publish([]);
      expect(w.jobs.jobs()).to.have.length(2);
    });
    it("sends each environment's events to its own URLs, signed with its own secret: a test endpoint never gets a live event", async () => {
      const { w, sender } = world();
      const live = await configure(w, ACCOUNT, { dlrUrl: DLR_URL });
      const sandbox = await configure(w, SANDBOX, { dlrUrl: 'https://hooks.example.com/sandbox/dlr' });
      expect(sandbox.signingSecret).to.not.equal(live.signingSecret);
      await w.publisher.publish([dlr(ACCOUNT, 1), dlr(SANDBOX, 2), mo(SANDBOX, 3)]);
      await w.drain();
      const posts = sender.posts.map((p) => [p.url, p.headers['X-Webhook-ID'], p.headers['X-Webhook-Signature']]);
      expect(posts).to.have.deep.members([
        [DLR_URL, dlr(ACCOUNT, 1).id, await signWebhookBody(live.signingSecret, JSON.stringify(dlr(ACCOUNT, 1).payload))],
        ['https://hooks.example.com/sandbox/dlr', dlr(SANDBOX, 2).id, await signWebhookBody(sandbox.signingSecret, JSON.stringify(dlr(SANDBOX, 2).payload))],
      ]);
      expect((await w.deliveries.list(ACCOUNT, 0, 10)).deliveries.map((d) => d.delivery.eventId)).to.deep.equal([dlr(ACCOUNT, 1).id]);
      expect((await w.deliveries.list(SANDBOX, 0, 10)).deliveries.map((d) => d.delivery.eventId)).to.deep.equal([dlr(SANDBOX, 2).id]);
      expect((await w.redeliver.execute({ owner: SANDBOX, eventId: dlr(ACCOUNT, 1).id }))._unsafeUnwrapErr()).to.include({ type: 'not_found' });
      expect((await w.redeliver.execute({ owner: ACCOUNT, eventId: dlr(SANDBOX, 2).id }))._unsafeUnwrapErr()).to.include({ type: 'not_found' });
    });

    it('sends no test event to the live configuration when the sandbox has none', async () => {
      const { w, sender } = world();
      await configure(w, ACCOUNT, { dlrUrl: DLR_URL, moUrl: MO_URL });
      await w.publisher.publish([dlr(SANDBOX, 1)]);
      expect(await w.drain()).to.equal(0);
      expect(sender.posts).to.deep.equal([]);
    });
  });

  describe('delivery', () => {
    it('POSTs the stored body signed with the current secret, X-Webhook-ID the event id, and retries at 10, 30, 90, 270, 810 s before failing', async () => {
      const { w, sender } = world([500, 500, 503, 404, 302, 500]);
      const { signingSecret } = await configure(w, ACCOUNT, { dlrUrl: DLR_URL });
      const started = w.clock.now().getTime();
      await w.publisher.publish([dlr(ACCOUNT, 1)]);
      expect(await w.drain()).to.equal(6);

      expect(sender.posts.map((p) => (p.at - started) / 1000)).to.deep.equal([0, 10, 40, 130, 400, 1210]);
      const body = JSON.stringify(dlr(ACCOUNT, 1).payload);
      const signature = await signWebhookBody(signingSecret, body);
      for (const post of sender.posts) {
        expect(post).to.deep.include({ url: DLR_URL, body });
        expect(post.headers).to.deep.equal({ 'Content-Type': 'application/json', 'User-Agent': 'Tuma-Webhooks/1.0', 'X-Webhook-ID': dlr(ACCOUNT, 1).id, 'X-Webhook-Signature': signature });
      }
      const [logged] = (await w.listDeliveries.execute({ owner: ACCOUNT, page: 0, limit: 10 }))._unsafeUnwrap().deliveries;
      expect(logged!.delivery.status).to.equal('failed');
      expect(logged!.attempts.map((a) => [a.attempt, a.statusCode, a.succeeded])).to.deep.equal([
        [1, 500, false],
        [2, 500, false],
        [3, 503, false],
        [4, 404, false],
        [5, 302, false],
        [6, 500, false],
      ]);
      expect(w.jobs.jobs()).to.deep.equal([]);
    });

    it('stops at the first 2xx', async () => {
      const { w, sender } = world([500, 500, 204]);
      await configure(w, ACCOUNT, { dlrUrl: DLR_URL });
      await w.publisher.publish([dlr(ACCOUNT, 1)]);
      expect(await w.drain()).to.equal(3);
      expect(sender.posts).to.have.length(3);
      const [logged] = (await w.deliveries.list(ACCOUNT, 0, 10)).deliveries;
      expect(logged!.delivery.status).to.equal('delivered');
      expect(logged!.attempts.map((a) => a.succeeded)).to.deep.equal([false, false, true]);
    });

    it('signs each attempt with the secret current at that attempt: after a rotation the old secret signs nothing', async () => {
      const { w, sender } = world([500, 200]);
      const { signingSecret: old } = await configure(w, ACCOUNT, { dlrUrl: DLR_URL });
      await w.publisher.publish([dlr(ACCOUNT, 1)]);
      await w.jobs.runDue();
      const { signingSecret: current } = (await w.rotateSecret.execute(ACCOUNT))._unsafeUnwrap();
      expect(current).to.match(/^whsec_[A-Za-z0-9]{32}$/).and.not.equal(old);
      await w.drain();
      const body = sender.posts[0]!.body;
      expect(sender.posts[0]!.headers['X-Webhook-Signature']).to.equal(await signWebhookBody(old, body));
      expect(sender.posts[1]!.headers['X-Webhook-Signature']).to.equal(await signWebhookBody(current, body)).and.not.equal(await signWebhookBody(old, body));
      expect((await w.getConfig.execute(ACCOUNT))._unsafeUnwrap().signingSecret).to.equal(current);
    });

    it('does nothing for a job run again after its attempt was logged (at-least-once jobs log an attempt once)', async () => {
      const { w, sender } = world([500]);
      await configure(w, ACCOUNT, { dlrUrl: DLR_URL });
      await w.publisher.publish([dlr(ACCOUNT, 1)]);
      const ref = { eventId: dlr(ACCOUNT, 1).id, series: 1, attempt: 1 };
      expect((await w.deliver.execute(ref))._unsafeUnwrap()).to.not.equal(undefined);
      expect((await w.deliver.execute(ref))._unsafeUnwrap()).to.equal(undefined);
      expect((await w.deliver.execute({ ...ref, eventId: 'evt_01JAAAAAAAAAAAAAAAAAAAAZZZ' }))._unsafeUnwrap()).to.equal(undefined);
      expect(sender.posts).to.have.length(1);
      expect((await w.deliveries.findLogged(ACCOUNT, ref.eventId))!.attempts).to.have.length(1);
    });

    it('logs an attempt once when two runs POSTed it concurrently (the second POST is the documented duplicate)', async () => {
      const { w, sender } = world([500, 500]);
      await configure(w, ACCOUNT, { dlrUrl: DLR_URL });
      await w.publisher.publish([dlr(ACCOUNT, 1)]);
      const ref = { eventId: dlr(ACCOUNT, 1).id, series: 1, attempt: 1 };
      const [first, second] = (await Promise.all([w.deliver.execute(ref), w.deliver.execute(ref)])).map((run) => run._unsafeUnwrap());
      expect(sender.posts).to.have.length(2);
      expect([first, second].filter((run) => run !== undefined)).to.have.length(1);
      expect((await w.deliveries.findLogged(ACCOUNT, ref.eventId))!.attempts).to.have.length(1);
      expect(w.jobs.jobs().filter((job) => (job.payload as { attempt: number }).attempt === 2)).to.have.length(1);
    });
  });

  describe('redelivery', () => {
    it('starts a new series for the same event id and body to the current URL; the old series stops', async () => {
      const { w, sender } = world([500, 500, 200]);
      await configure(w, ACCOUNT, { dlrUrl: DLR_URL });
      await w.publisher.publish([dlr(ACCOUNT, 1)]);
      await w.jobs.runDue();
      await configure(w, ACCOUNT, { dlrUrl: 'https://hooks.example.com/v2/dlr' });
      const redelivered = (await w.redeliver.execute({ owner: ACCOUNT, eventId: dlr(ACCOUNT, 1).id }))._unsafeUnwrap();
      expect(redelivered.delivery).to.include({ status: 'pending', url: 'https://hooks.example.com/v2/dlr' });
      await w.drain();
      expect(sender.posts.map((p) => [p.url, p.headers['X-Webhook-ID']])).to.deep.equal([
        [DLR_URL, dlr(ACCOUNT, 1).id],
        ['https://hooks.example.com/v2/dlr', dlr(ACCOUNT, 1).id],
        ['https://hooks.example.com/v2/dlr', dlr(ACCOUNT, 1).id],
      ]);
      const logged = (await w.deliveries.findLogged(ACCOUNT, dlr(ACCOUNT, 1).id))!;
      expect(logged.attempts.map((a) => `${a.series}.${a.attempt}`)).to.deep.equal(['1.1', '2.1', '2.2']);
      expect(logged.delivery.status).to.equal('delivered');
    });

    it("is not_found for another account's event and a conflict without a URL for the event's kind", async () => {
      const { w } = world();
      await configure(w, ACCOUNT, { dlrUrl: DLR_URL, moUrl: MO_URL });
      await w.publisher.publish([dlr(ACCOUNT, 1), mo(ACCOUNT, 2)]);
      expect((await w.redeliver.execute({ owner: OTHER, eventId: dlr(ACCOUNT, 1).id }))._unsafeUnwrapErr()).to.include({ type: 'not_found', resource: 'webhook_event' });
      await configure(w, ACCOUNT, { moUrl: null });
      expect((await w.redeliver.execute({ owner: ACCOUNT, eventId: mo(ACCOUNT, 2).id }))._unsafeUnwrapErr()).to.include({ type: 'conflict', message: 'No mo_url is set to redeliver to' });
    });
  });

  describe('configuration', () => {
    it('creates the configuration with a whsec_ secret on first read, and keeps it', async () => {
      const { w } = world();
      const first = (await w.getConfig.execute(ACCOUNT))._unsafeUnwrap();
      expect(first.toSnapshot()).to.deep.include({ dlrUrl: null, moUrl: null, isActive: true });
      expect(first.signingSecret).to.match(/^whsec_[A-Za-z0-9]{32}$/);
      expect((await w.getConfig.execute(ACCOUNT))._unsafeUnwrap().signingSecret).to.equal(first.signingSecret);
      expect((await w.getConfig.execute(OTHER))._unsafeUnwrap().signingSecret).to.not.equal(first.signingSecret);
    });

    it('stores URLs in canonical form, changes only the fields given, and clears with null or ""', async () => {
      const { w } = world();
      await configure(w, ACCOUNT, { dlrUrl: 'HTTPS://Hooks.Example.com/dlr#x', moUrl: MO_URL });
      expect((await configure(w, ACCOUNT, { isActive: false })).toSnapshot()).to.deep.include({ dlrUrl: DLR_URL, moUrl: MO_URL, isActive: false });
      expect((await configure(w, ACCOUNT, { dlrUrl: null, moUrl: '' })).toSnapshot()).to.deep.include({ dlrUrl: null, moUrl: null, isActive: false });
    });

    it('refuses URLs the policy refuses, naming each field with its reason, and changes nothing', async () => {
      const { w } = world();
      await configure(w, ACCOUNT, { dlrUrl: DLR_URL });
      const refused = (await w.updateConfig.execute({ owner: ACCOUNT, dlrUrl: 'http://sneaky.example.com/', moUrl: 'ftp://hooks.example.com/', isActive: false }))._unsafeUnwrapErr();
      expect(refused.type).to.equal('validation_error');
      expect(refused.details).to.deep.equal([
        { path: 'dlr_url', message: 'Refused: sneaky.example.com resolves to 10.0.0.7, a private address (10.0.0.0/8)' },
        { path: 'mo_url', message: 'Must be an http or https URL' },
      ]);
      const unresolvable = (await w.updateConfig.execute({ owner: ACCOUNT, moUrl: 'https://nowhere.example.com/' }))._unsafeUnwrapErr();
      expect(unresolvable.details).to.deep.equal([{ path: 'mo_url', message: 'Refused: nowhere.example.com does not resolve (ENOTFOUND)' }]);
      expect((await w.getConfig.execute(ACCOUNT))._unsafeUnwrap().toSnapshot()).to.deep.include({ dlrUrl: DLR_URL, moUrl: null, isActive: true });
    });
  });

  describe('test events', () => {
    it('sends a sample DLR to dlr_url and a sample message.inbound to mo_url at once, webhooks on or off, and logs them', async () => {
      // The two samples are sent at the same time: the receiver's answers go by URL, not by arrival.
      const { w, sender } = world([], { [DLR_URL]: [200], [MO_URL]: [500] });
      await configure(w, ACCOUNT, { dlrUrl: DLR_URL, moUrl: MO_URL, isActive: false });
      const sent = (await w.sendTest.execute(ACCOUNT))._unsafeUnwrap();
      expect(sent.map((s) => [s.delivery.type, s.delivery.url])).to.deep.equal([
        ['message.delivered', DLR_URL],
        ['message.inbound', MO_URL],
      ]);
      expect(sent.map((s) => s.attempts.map((a) => a.statusCode))).to.deep.equal([[200], [500]]);
      expect(sent.map((s) => s.delivery.status)).to.deep.equal(['delivered', 'pending']);
      const bodyTo = (url: string) => JSON.parse(sender.posts.find((p) => p.url === url)!.body);
      const [dlrBody, moBody] = [bodyTo(DLR_URL), bodyTo(MO_URL)];
      expect(Object.keys(dlrBody)).to.deep.equal(['event', 'message_id', 'status', 'phone', 'sender_id', 'segments', 'encoding', 'environment', 'livemode', 'cost', 'error_code', 'retry_count', 'delivered_at', 'failed_at']);
      expect(dlrBody).to.include({ event: 'message.delivered', status: 'delivered', livemode: false, environment: 'test' });
      expect(moBody).to.include({ event: 'message.inbound', keyword: null, opt_out: false });
      expect(moBody.message_id).to.match(/^mo_/);

      // The failed one is retried like any event; the stand-by first-attempt jobs find nothing to do.
      expect(await w.drain()).to.equal(3);
      expect(sender.posts).to.have.length(3);
      expect((await w.deliveries.list(ACCOUNT, 0, 10)).deliveries.map((d) => d.delivery.status)).to.deep.equal(['delivered', 'delivered']);
    });

    it('is a conflict when neither URL is set', async () => {
      const { w, sender } = world();
      expect((await w.sendTest.execute(ACCOUNT))._unsafeUnwrapErr()).to.include({ type: 'conflict' });
      expect(sender.posts).to.deep.equal([]);
    });
  });

  it('lists deliveries a page at a time and refuses a bad page or limit', async () => {
    const { w } = world();
    expect((await w.listDeliveries.execute({ owner: ACCOUNT, page: -1, limit: 10 }))._unsafeUnwrapErr().details).to.deep.equal([{ path: 'page', message: 'Must be a whole number from 0' }]);
    expect((await w.listDeliveries.execute({ owner: ACCOUNT, page: 0, limit: 101 }))._unsafeUnwrapErr().details[0]!.path).to.equal('limit');
  });
});
