import { expect } from 'chai';
import { startMailWorld, type MailWorld } from '../../support/mail-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';

const recipients = (from: number, count: number) => Array.from({ length: count }, (_, i) => `customer${from + i}@example.org`);

/**
 * The mail plan and its quota over HTTP (issue 15 item 9, docs/mail.md "Billing"): an account on the
 * free plan (3,000 emails a month, 100 a day), each recipient counting one email, refused with 402
 * `plan_limit_reached` past the day's 100 with nothing stored, and `/v1/billing` counting as the sends.
 */
describe(`HTTP mail billing on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: MailWorld;

  before(async () => {
    world = await startMailWorld({ domain: 'billing.example.com' });
  });
  after(() => world.stop());

  it('shows the free plan, counts one email per recipient, and refuses the 101st of the day with 402, storing nothing', async () => {
    const fresh = ok(await world.mail('GET', '/v1/billing'));
    expect(fresh.plan).to.deep.include({ tier: 'free', monthly_emails: 3000, daily_emails: 100, max_domains: 1 });
    expect(fresh.usage).to.include({ emails_this_month: 0, emails_today: 0 });
    expect(fresh.usage.day).to.equal(new Date().toISOString().slice(0, 10));

    await world.send({ to: recipients(0, 50), cc: recipients(50, 49) });
    await world.send({ to: recipients(99, 1) });
    expect(ok(await world.mail('GET', '/v1/billing')).usage).to.include({ emails_this_month: 100, emails_today: 100 });

    const over = await world.mail('POST', '/v1/emails', { from: 'hello@billing.example.com', to: 'one-more@example.org', subject: 'x', text: 'x' });
    refused(over, 402, 'plan_limit_reached');
    expect(over.body.error).to.include({ product: 'mail', tier: 'free', resource: 'daily_emails', limit: 100 });
    expect(ok(await world.mail('GET', '/v1/emails?to=one-more@example.org')).data, 'nothing stored').to.deep.equal([]);
    expect(ok(await world.mail('GET', '/v1/billing')).usage, 'the refused send is not counted').to.include({ emails_this_month: 100, emails_today: 100 });
  });

  it('takes exactly the quota of sends that arrive together (one unit of work for them all): the rest 402, none of them stored or counted', async () => {
    const together = await startMailWorld({ domain: 'together.example.com' });
    try {
      await together.send({ to: recipients(0, 50), cc: recipients(50, 40) });
      const answers = await Promise.all(
        recipients(1000, 20).map((to) => together.mail('POST', '/v1/emails', { from: 'hello@together.example.com', to, subject: 'Offer', text: 'Karibu' })),
      );
      expect(answers.map((answer) => answer.status).sort()).to.deep.equal([...Array<number>(10).fill(200), ...Array<number>(10).fill(402)]);
      for (const answer of answers.filter((a) => a.status === 402)) refused(answer, 402, 'plan_limit_reached');
      const stored = (ok(await together.mail('GET', '/v1/emails?limit=100')).data as { id: string }[]).map((email) => email.id);
      expect(stored, 'the first email and the 10 accepted, nothing of the refused').to.have.length(11).and.include.members(answers.filter((a) => a.status === 200).map((a) => a.body.id as string));
      expect(ok(await together.mail('GET', '/v1/billing')).usage).to.include({ emails_this_month: 100, emails_today: 100 });
    } finally {
      await together.stop();
    }
  });
});
