import { expect } from 'chai';
import { WebhookDelivery, type WebhookAttemptOutcome, type WebhookEvent } from '../src/index.ts';

const t0 = new Date('2026-11-21T10:00:00.000Z');
const plus = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const event: WebhookEvent = { id: 'evt_01JAAAAAAAAAAAAAAAAAAAAAAA', accountId: 'acc_1', environment: 'live', kind: 'dlr', type: 'message.delivered', payload: { event: 'message.delivered' }, createdAt: t0 };
const answered = (statusCode: number): WebhookAttemptOutcome => ({ statusCode, latencyMs: 5, error: null });
/** A profile's schedule (SMS's): 5 retries. */
const RETRIES = [10, 30, 90, 270, 810];

describe('WebhookDelivery', () => {
  it("retries a failed attempt once per delay of the profile's schedule (10 s, 30 s, 90 s, 270 s, 810 s), after each failure, then fails", () => {
    let delivery = WebhookDelivery.open(event, 'https://hooks.example.com/dlr', t0, 'sms');
    let now = t0;
    const gaps: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      expect(delivery.nextAttempt()).to.deep.equal({ eventId: event.id, series: 1, attempt });
      const recorded = delivery.record(answered(500), now, now, RETRIES);
      expect(recorded.attempt).to.include({ attempt, series: 1, succeeded: false, statusCode: 500, url: 'https://hooks.example.com/dlr' });
      delivery = recorded.delivery;
      if (delivery.nextAttemptAt) {
        gaps.push((delivery.nextAttemptAt.getTime() - now.getTime()) / 1000);
        now = delivery.nextAttemptAt;
      }
    }
    expect(gaps).to.deep.equal([10, 30, 90, 270, 810]);
    expect(delivery.status).to.equal('failed');
    expect(delivery.nextAttempt()).to.equal(undefined);
    expect(delivery.nextAttemptAt).to.equal(null);
    expect(() => delivery.record(answered(200), now, now, RETRIES)).to.throw(/failed: no attempt is due/);
  });

  it('is delivered by a 2xx only: a 3xx, a 4xx or no answer is a failed attempt', () => {
    const opened = WebhookDelivery.open(event, 'https://hooks.example.com/dlr', t0, 'sms');
    for (const outcome of [answered(302), answered(404), answered(199), { statusCode: null, latencyMs: 15000, error: 'No answer within 15 s' }, { statusCode: 200, latencyMs: 1, error: 'Response aborted' }]) {
      expect(opened.record(outcome, t0, t0, RETRIES).delivery.status, JSON.stringify(outcome)).to.equal('pending');
    }
    const delivered = opened.record(answered(204), t0, plus(1), RETRIES).delivery;
    expect(delivered.status).to.equal('delivered');
    expect(delivered.nextAttemptAt).to.equal(null);
  });

  it('awaits only the next attempt of the current series; a redelivery starts series 2 at attempt 1 to the new URL', () => {
    const first = WebhookDelivery.open(event, 'https://old.example.com/dlr', t0, 'sms').record(answered(500), t0, t0, RETRIES).delivery;
    expect(first.awaits({ eventId: event.id, series: 1, attempt: 2 })).to.equal(true);
    expect(first.awaits({ eventId: event.id, series: 1, attempt: 1 }), 'made already').to.equal(false);
    const again = first.redeliver('https://new.example.com/dlr', plus(5));
    expect(again.awaits({ eventId: event.id, series: 1, attempt: 2 }), 'the old series').to.equal(false);
    expect(again.nextAttempt()).to.deep.equal({ eventId: event.id, series: 2, attempt: 1 });
    expect(again).to.include({ url: 'https://new.example.com/dlr', status: 'pending' });
    expect(again.record(answered(200), plus(6), plus(6), RETRIES).attempt).to.include({ series: 2, attempt: 1, url: 'https://new.example.com/dlr' });
  });

  it('keeps the payload as the exact JSON body it will sign', () => {
    const delivery = WebhookDelivery.open({ ...event, payload: { event: 'message.inbound', text: 'Habari \u{1F600}', opt_out: false } }, 'https://h.example.com/', t0, 'sms');
    expect(delivery.body).to.equal('{"event":"message.inbound","text":"Habari \u{1F600}","opt_out":false}');
  });
});
