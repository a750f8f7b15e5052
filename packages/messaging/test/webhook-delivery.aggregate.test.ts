import { expect } from 'chai';
import { destinationOf, WEBHOOK_RETRY_DELAYS_SECONDS, WebhookConfig, WebhookDelivery, type WebhookAttemptOutcome, type WebhookEvent } from '../src/index.ts';

const t0 = new Date('2026-11-21T10:00:00.000Z');
const plus = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const event: WebhookEvent = { id: 'evt_01JAAAAAAAAAAAAAAAAAAAAAAA', accountId: 'acc_1', environment: 'live', kind: 'dlr', type: 'message.delivered', payload: { event: 'message.delivered' }, createdAt: t0 };
const answered = (statusCode: number): WebhookAttemptOutcome => ({ statusCode, latencyMs: 5, error: null });

describe('WebhookDelivery', () => {
  it('retries a failed attempt exactly 5 times, 10 s, 30 s, 90 s, 270 s and 810 s after each failure, then fails', () => {
    let delivery = WebhookDelivery.open(event, 'https://hooks.example.com/dlr', t0);
    let now = t0;
    const gaps: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      expect(delivery.nextAttempt()).to.deep.equal({ eventId: event.id, series: 1, attempt });
      const recorded = delivery.record(answered(500), now, now);
      expect(recorded.attempt).to.include({ attempt, series: 1, succeeded: false, statusCode: 500, url: 'https://hooks.example.com/dlr' });
      delivery = recorded.delivery;
      if (delivery.nextAttemptAt) {
        gaps.push((delivery.nextAttemptAt.getTime() - now.getTime()) / 1000);
        now = delivery.nextAttemptAt;
      }
    }
    expect(gaps).to.deep.equal([10, 30, 90, 270, 810]).and.deep.equal([...WEBHOOK_RETRY_DELAYS_SECONDS]);
    expect(delivery.status).to.equal('failed');
    expect(delivery.nextAttempt()).to.equal(undefined);
    expect(delivery.nextAttemptAt).to.equal(null);
    expect(() => delivery.record(answered(200), now, now)).to.throw(/failed: no attempt is due/);
  });

  it('is delivered by a 2xx only: a 3xx, a 4xx or no answer is a failed attempt', () => {
    const opened = WebhookDelivery.open(event, 'https://hooks.example.com/dlr', t0);
    for (const outcome of [answered(302), answered(404), answered(199), { statusCode: null, latencyMs: 15000, error: 'No answer within 15 s' }, { statusCode: 200, latencyMs: 1, error: 'Response aborted' }]) {
      expect(opened.record(outcome, t0, t0).delivery.status, JSON.stringify(outcome)).to.equal('pending');
    }
    const delivered = opened.record(answered(204), t0, plus(1)).delivery;
    expect(delivered.status).to.equal('delivered');
    expect(delivered.nextAttemptAt).to.equal(null);
  });

  it('awaits only the next attempt of the current series; a redelivery starts series 2 at attempt 1 to the new URL', () => {
    const first = WebhookDelivery.open(event, 'https://old.example.com/dlr', t0).record(answered(500), t0, t0).delivery;
    expect(first.awaits({ eventId: event.id, series: 1, attempt: 2 })).to.equal(true);
    expect(first.awaits({ eventId: event.id, series: 1, attempt: 1 }), 'made already').to.equal(false);
    const again = first.redeliver('https://new.example.com/dlr', plus(5));
    expect(again.awaits({ eventId: event.id, series: 1, attempt: 2 }), 'the old series').to.equal(false);
    expect(again.nextAttempt()).to.deep.equal({ eventId: event.id, series: 2, attempt: 1 });
    expect(again).to.include({ url: 'https://new.example.com/dlr', status: 'pending' });
    expect(again.record(answered(200), plus(6), plus(6)).attempt).to.include({ series: 2, attempt: 1, url: 'https://new.example.com/dlr' });
  });

  it('keeps the payload as the exact JSON body it will sign', () => {
    const delivery = WebhookDelivery.open({ ...event, payload: { event: 'message.inbound', text: 'Habari \u{1F600}', opt_out: false } }, 'https://h.example.com/', t0);
    expect(delivery.body).to.equal('{"event":"message.inbound","text":"Habari \u{1F600}","opt_out":false}');
  });
});

describe('WebhookConfig', () => {
  it('starts active with no URLs; sends new events only while active and only where a URL is set', () => {
    const created = WebhookConfig.create({ accountId: 'acc_1', environment: 'live' }, 'whsec_x', t0);
    expect(created.toSnapshot()).to.deep.equal({ accountId: 'acc_1', environment: 'live', dlrUrl: null, moUrl: null, isActive: true, signingSecret: 'whsec_x', createdAt: t0, updatedAt: t0 });
    const withDlr = created.update({ dlrUrl: 'https://h.example.com/dlr' }, plus(1));
    expect(destinationOf(withDlr.toSnapshot(), 'dlr')).to.equal('https://h.example.com/dlr');
    expect(destinationOf(withDlr.toSnapshot(), 'mo')).to.equal(null);
    const off = withDlr.update({ isActive: false }, plus(2));
    expect(destinationOf(off.toSnapshot(), 'dlr')).to.equal(null);
    expect(off.urlFor('dlr')).to.equal('https://h.example.com/dlr');
  });

  it('changes only the fields given; null clears a URL; rotation replaces the secret', () => {
    const config = WebhookConfig.create({ accountId: 'acc_1', environment: 'test' }, 'whsec_x', t0).update({ dlrUrl: 'https://a.example.com/', moUrl: 'https://b.example.com/' }, plus(1));
    expect(config.update({ moUrl: null }, plus(2)).toSnapshot()).to.include({ dlrUrl: 'https://a.example.com/', moUrl: null, isActive: true });
    const rotated = config.rotateSecret('whsec_y', plus(3));
    expect(rotated.signingSecret).to.equal('whsec_y');
    expect(rotated.toSnapshot()).to.deep.include({ dlrUrl: 'https://a.example.com/', updatedAt: plus(3) });
  });
});
