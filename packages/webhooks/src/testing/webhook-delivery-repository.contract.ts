/** The contract suite of the webhook outbox with its attempt log. */
import { expect } from 'chai';
import type { WebhookEvent, WebhookOwner } from '../domain/events/webhook-event.ts';
import { WebhookDelivery, type WebhookAttemptOutcome } from '../domain/deliveries/webhook-delivery.aggregate.ts';
import type { WebhookDeliveryRepository } from '../application/deliveries/webhook-delivery.repository.port.ts';

export interface WebhookDeliveryRepositoryFixture {
  /** An empty store. */
  readonly deliveries: WebhookDeliveryRepository;
  /** Three accounts that exist. */
  readonly accountIds: readonly [string, string, string];
  /** Runs a step the way the application does (in a fresh unit of work / context). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const at = (second: number): Date => new Date(Date.UTC(2026, 10, 21, 10, 0, second, 123));

let sequence = 0;
const live = (accountId: string): WebhookOwner => ({ accountId, environment: 'live' });
const test = (accountId: string): WebhookOwner => ({ accountId, environment: 'test' });

const event = (owner: WebhookOwner, second: number, kind: string = 'dlr'): WebhookEvent => {
  sequence++;
  return {
    id: `evt_01JAAAAAAAAAAAAAAAAAAA${String(sequence).padStart(4, '0')}`,
    ...owner,
    kind,
    type: kind === 'dlr' ? 'message.delivered' : 'message.inbound',
    payload: { event: kind === 'dlr' ? 'message.delivered' : 'message.inbound', text: 'Habari \u{1F600} ሰላም "quoted" \\ back', n: sequence },
    createdAt: at(second),
  };
};

/** Any schedule does: the store keeps what the aggregate decided. */
const RETRIES = [10, 30, 90, 270, 810];

const failure: WebhookAttemptOutcome = { statusCode: 503, latencyMs: 12, error: null };
const success: WebhookAttemptOutcome = { statusCode: 204, latencyMs: 8, error: null };
const refused: WebhookAttemptOutcome = { statusCode: null, latencyMs: 0, error: 'Refused: hooks.example resolves to 10.0.0.1, a private address (10.0.0.0/8)' };

export function describeWebhookDeliveryRepositoryContract(name: string, make: () => Promise<WebhookDeliveryRepositoryFixture>): void {
  describe(`WebhookDeliveryRepository contract: ${name}`, () => {
    let f: WebhookDeliveryRepositoryFixture;
    let a: WebhookOwner;
    let b: WebhookOwner;
    let c: WebhookOwner;
    beforeEach(async () => {
      f = await make();
      [a, b, c] = f.accountIds.map(live) as [WebhookOwner, WebhookOwner, WebhookOwner];
    });

    describe('WebhookDeliveryRepository', () => {
      const open = async (e: WebhookEvent, url = 'https://hooks.example.com/dlr', product = 'sms') => {
        const delivery = WebhookDelivery.open(e, url, at(10), product);
        await f.step(() => f.deliveries.add([delivery]));
        return delivery;
      };

      it("keeps each product's deliveries apart, and one kind's within a product where asked", async () => {
        const sms = await open(event(a, 1));
        const mailOne = await open(event(a, 2, 'mwh_one'), 'https://hooks.example.com/mail', 'mail');
        const mailTwo = await open(event(a, 3, 'mwh_two'), 'https://hooks.example.com/mail', 'mail');
        const listed = async (scope: Parameters<WebhookDeliveryRepository['list']>[0]) => (await f.step(() => f.deliveries.list(scope, 0, 10))).deliveries.map((d) => d.delivery.eventId);
        expect(await listed({ ...a, products: ['sms'] })).to.deep.equal([sms.eventId]);
        expect(await listed({ ...a, products: ['mail'] })).to.deep.equal([mailTwo.eventId, mailOne.eventId]);
        expect(await listed({ ...a, products: ['mail'], kind: 'mwh_one' })).to.deep.equal([mailOne.eventId]);
        expect(await listed({ ...a, products: ['sms', 'mail'] })).to.deep.equal([mailTwo.eventId, mailOne.eventId, sms.eventId]);
        expect((await f.step(() => f.deliveries.list({ ...a, products: ['mail'], kind: 'mwh_two' }, 0, 10))).total).to.equal(1);
        expect(await f.step(() => f.deliveries.findLogged({ ...a, products: ['sms'] }, mailOne.eventId)), "another product's event").to.equal(undefined);
        expect((await f.step(() => f.deliveries.findLogged({ ...a, products: ['mail'] }, mailOne.eventId)))?.delivery.product).to.equal('mail');
      });

      it('stores events and serves them back field for field, the body exactly as it will be signed', async () => {
        const dlr = event(a, 1);
        const first = WebhookDelivery.open(dlr, 'https://hooks.example.com/dlr', at(10), 'sms');
        const second = WebhookDelivery.open(event(a, 2, 'mo'), 'https://hooks.example.com/mo', at(10), 'sms');
        await f.step(() => f.deliveries.add([first, second]));
        const found = await f.step(() => f.deliveries.find(first.eventId));
        expect(found?.toSnapshot()).to.deep.equal(first.toSnapshot());
        expect(found?.body).to.equal(JSON.stringify(dlr.payload));
        expect((await f.step(() => f.deliveries.find(second.eventId, { lock: true })))?.toSnapshot()).to.deep.equal(second.toSnapshot());
        expect(await f.step(() => f.deliveries.find('evt_01JAAAAAAAAAAAAAAAAAAAZZZZ'))).to.equal(undefined);
      });

      it('logs attempts with the state they lead to, each (series, attempt) once, across redeliveries', async () => {
        const opened = await open(event(a, 1));
        const one = opened.record(failure, at(11), at(12), RETRIES);
        await f.step(() => f.deliveries.recordAttempt(one.delivery, one.attempt));
        const two = one.delivery.record(refused, at(22), at(22), RETRIES);
        await f.step(() => f.deliveries.recordAttempt(two.delivery, two.attempt));
        let twice: unknown;
        await f.step(() => f.deliveries.recordAttempt(two.delivery, two.attempt)).catch((error: unknown) => (twice = error));
        expect(twice, 'the same attempt logged twice').to.be.instanceOf(Error);

        const redelivered = two.delivery.redeliver('https://new.example.com/dlr', at(30));
        await f.step(() => f.deliveries.save(redelivered));
        const three = redelivered.record(success, at(31), at(31), RETRIES);
        await f.step(() => f.deliveries.recordAttempt(three.delivery, three.attempt));

        const logged = await f.step(() => f.deliveries.findLogged(a, opened.eventId));
        expect(logged?.delivery.toSnapshot()).to.deep.equal(three.delivery.toSnapshot());
        expect(logged?.attempts).to.deep.equal([one.attempt, two.attempt, three.attempt]);
        expect(logged?.attempts.map((x) => `${x.series}.${x.attempt}:${x.succeeded}`)).to.deep.equal(['1.1:false', '1.2:false', '2.1:true']);
        expect(await f.step(() => f.deliveries.findLogged(b, opened.eventId)), "another account's event").to.equal(undefined);
        expect(await f.step(() => f.deliveries.findLogged(test(a.accountId), opened.eventId)), "another environment's event").to.equal(undefined);
      });

      it("lists an account's events newest first, a page at a time, with the total and their attempts", async () => {
        const events = [event(a, 3), event(a, 1), event(b, 2), event(a, 2), event(a, 4)];
        const stored = await Promise.all(events.map((e) => open(e)));
        const failed = stored[0]!.record(failure, at(20), at(20), RETRIES);
        await f.step(() => f.deliveries.recordAttempt(failed.delivery, failed.attempt));

        const first = await f.step(() => f.deliveries.list(a, 0, 3));
        expect(first.total).to.equal(4);
        expect(first.deliveries.map((d) => d.delivery.eventId)).to.deep.equal([events[4]!.id, events[0]!.id, events[3]!.id]);
        expect(first.deliveries[1]!.attempts).to.deep.equal([failed.attempt]);
        expect(first.deliveries[0]!.attempts).to.deep.equal([]);
        const second = await f.step(() => f.deliveries.list(a, 1, 3));
        expect(second.deliveries.map((d) => d.delivery.eventId)).to.deep.equal([events[1]!.id]);
        expect((await f.step(() => f.deliveries.list(a, 2, 3))).deliveries).to.deep.equal([]);
        expect((await f.step(() => f.deliveries.list(b, 0, 10))).deliveries.map((d) => d.delivery.eventId)).to.deep.equal([events[2]!.id]);
        expect(await f.step(() => f.deliveries.list(c, 0, 10))).to.deep.equal({ deliveries: [], total: 0 });
      });

      it('purges finished deliveries of events before the cutoff, oldest first and at most the limit, with their attempts; pending ones stay', async () => {
        const finish = async (opened: WebhookDelivery, outcome: WebhookAttemptOutcome) => {
          const done = opened.record(outcome, at(20), at(20), []);
          await f.step(() => f.deliveries.recordAttempt(done.delivery, done.attempt));
        };
        const delivered = await open(event(a, 1));
        const failed = await open(event(b, 2));
        const pending = await open(event(a, 3));
        const recent = await open(event(a, 5));
        await finish(delivered, success);
        await finish(failed, failure);
        await finish(recent, success);

        expect(await f.step(() => f.deliveries.purgeFinished(at(4), 1)), 'the limit').to.equal(1);
        expect(await f.step(() => f.deliveries.find(delivered.eventId)), 'the oldest first').to.equal(undefined);
        expect(await f.step(() => f.deliveries.find(failed.eventId))).not.to.equal(undefined);
        expect(await f.step(() => f.deliveries.purgeFinished(at(4), 10))).to.equal(1);
        expect(await f.step(() => f.deliveries.purgeFinished(at(4), 10)), 'nothing left to purge').to.equal(0);
        expect(await f.step(() => f.deliveries.findLogged(b, failed.eventId)), 'its attempts with it').to.equal(undefined);
        expect((await f.step(() => f.deliveries.find(pending.eventId)))?.status, 'pending: still to deliver').to.equal('pending');
        expect((await f.step(() => f.deliveries.findLogged(a, recent.eventId)))?.attempts, 'after the cutoff').to.have.length(1);
      });

      it("lists an environment's events only: the test log holds no live event, the live log no test event", async () => {
        const sandbox = test(a.accountId);
        const liveEvent = await open(event(a, 1));
        const testEvent = await open(event(sandbox, 2));
        expect((await f.step(() => f.deliveries.find(testEvent.eventId)))?.environment).to.equal('test');
        const listed = async (owner: WebhookOwner) => (await f.step(() => f.deliveries.list(owner, 0, 10))).deliveries.map((d) => d.delivery.eventId);
        expect(await listed(a)).to.deep.equal([liveEvent.eventId]);
        expect(await listed(sandbox)).to.deep.equal([testEvent.eventId]);
        expect((await f.step(() => f.deliveries.findLogged(sandbox, testEvent.eventId)))?.delivery.environment).to.equal('test');
        expect(await f.step(() => f.deliveries.findLogged(a, testEvent.eventId))).to.equal(undefined);
      });
    });
  });
}
