import { expect } from 'chai';
import { Email, isHardBounce, SUPPRESSED } from '../src/index.ts';

const AT = new Date('2026-11-25T08:00:00.000Z');

const email = (scheduledAt: Date | null = null) =>
  Email.compose(
    {
      id: 'em_01M880GCBETYTYM72RAD83A000',
      accountId: 'acc_a',
      domainId: 'dom_a',
      from: { address: 'hello@example.com' },
      to: [{ address: 'Amina@example.org' }],
      cc: [{ address: 'baraka@example.org' }],
      bcc: [],
      replyTo: [],
      subject: 'Hi',
      html: null,
      text: 'Hi',
      headers: {},
      attachments: [],
      tags: [],
      scheduledAt,
      createdAt: AT,
    },
    AT,
  );

describe('suppressions', () => {
  it('takes a bounce as hard unless its reply says temporary (4xx, 4.x.x)', () => {
    for (const reply of ['550 5.1.1 No such user', '5.7.1 Refused', 'Mailbox unknown', null]) expect(isHardBounce(reply), String(reply)).to.equal(true);
    for (const reply of ['452 4.2.2 Mailbox full', '4.7.0 Greylisted', ' 421 Try later']) expect(isHardBounce(reply), reply).to.equal(false);
  });

  it('drops suppressed recipients with a failed event each; the email stays queued while others remain', () => {
    const e = email();
    expect(e.dropSuppressed(new Set(['amina@example.org']), AT)).to.deep.equal([{ emailId: e.id, type: 'failed', recipient: 'amina@example.org', at: AT, reason: SUPPRESSED }]);
    expect(e.status).to.equal('queued');
    expect(e.dropSuppressed(new Set(), AT)).to.deep.equal([]);
  });

  it('fails the email when every recipient is dropped, scheduled or not', () => {
    for (const scheduled of [null, new Date(AT.getTime() + 60_000)]) {
      const e = email(scheduled);
      expect(e.dropSuppressed(new Set(['amina@example.org', 'baraka@example.org']), AT)).to.have.length(2);
      expect([e.status, e.awaitsDelivery]).to.deep.equal(['failed', false]);
    }
  });

  it('leaves the status to opens and clicks', () => {
    const e = email();
    e.apply({ emailId: e.id, type: 'delivered', recipient: 'amina@example.org', at: AT, reason: null });
    e.apply({ emailId: e.id, type: 'opened', recipient: 'amina@example.org', at: AT, reason: null });
    e.apply({ emailId: e.id, type: 'clicked', recipient: 'amina@example.org', at: AT, reason: 'https://shop.example/' });
    expect(e.status).to.equal('delivered');
  });
});
