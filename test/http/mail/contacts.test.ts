import { expect } from 'chai';
import { startMailWorld, type MailWorld } from '../../support/mail-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';

const csv = (world: MailWorld, listId: string, text: string, contentType = 'text/csv') =>
  world.api.request('POST', `/v1/contacts/lists/${listId}/contacts/import`, { api: 'mail', key: world.key, rawBody: text, headers: { 'Content-Type': contentType } });

/**
 * The mail API's contact lists over HTTP (docs/mail.md, "Contacts and broadcasts"), on the outbox
 * transport of the free plan: lists and contacts, upserts by address in any case, the CSV import by
 * the SMS import's rules (per-row errors, 413 beyond 100,000 rows), accounts apart, and what a
 * broadcast skips (suppressed addresses) and refuses (past the plan's quota, or a bad placeholder).
 */
describe(`HTTP mail contact lists on ${databaseKind()}`, function () {
  this.timeout(120_000);
  let world: MailWorld;

  before(async () => {
    world = await startMailWorld({ domain: 'lists.example.com' });
  });
  after(async () => {
    await world.stop();
  });

  it('creates, reads, renames and deletes lists; names are unique per account in any case', async () => {
    const list = ok(await world.mail('POST', '/v1/contacts/lists/', { name: '  Customers ' }), 201);
    expect(list).to.include({ name: 'Customers', contact_count: 0, unsubscribed_count: 0 });
    expect(list.id).to.match(/^cl_[0-9A-Z]{26}$/);
    refused(await world.mail('POST', '/v1/contacts/lists', { name: 'CUSTOMERS' }), 409, 'conflict');
    refused(await world.mail('POST', '/v1/contacts/lists', { name: '   ' }), 422, 'validation_error');
    const other = ok(await world.mail('POST', '/v1/contacts/lists', { name: 'Newsletter' }), 201);
    expect(ok(await world.mail('GET', '/v1/contacts/lists')).data.map((l: { name: string }) => l.name)).to.deep.equal(['Newsletter', 'Customers']);
    refused(await world.mail('PATCH', `/v1/contacts/lists/${other.id}`, { name: 'customers' }), 409, 'conflict');
    expect(ok(await world.mail('PATCH', `/v1/contacts/lists/${other.id}`, { name: 'Weekly' })).name).to.equal('Weekly');
    expect(ok(await world.mail('GET', `/v1/contacts/lists/${other.id}`)).name).to.equal('Weekly');
    expect((await world.mail('DELETE', `/v1/contacts/lists/${other.id}`)).status).to.equal(204);
    refused(await world.mail('GET', `/v1/contacts/lists/${other.id}`), 404, 'not_found');
    refused(await world.mail('GET', '/v1/contacts/lists/cl_nope'), 422, 'validation_error');
  });

  it('adds one contact or many, upserting by address in any case; pages with q; updates and deletes by id or address', async () => {
    const list = ok(await world.mail('POST', '/v1/contacts/lists', { name: 'Upserts' }), 201);
    const amina = ok(await world.mail('POST', `/v1/contacts/lists/${list.id}/contacts`, { email: 'Amina@Example.org', first_name: 'Amina', data: { city: 'Nairobi' } }));
    expect(amina).to.include({ email: 'amina@example.org', first_name: 'Amina', last_name: null, unsubscribed: false });
    expect(amina.id).to.match(/^ct_[0-9A-Z]{26}$/);
    const batch = ok(
      await world.mail('POST', `/v1/contacts/lists/${list.id}/contacts`, {
        contacts: [{ email: 'AMINA@example.org', first_name: 'Amina', last_name: 'Otieno' }, { email: 'not an address' }, { email: 'chidi@example.org', last_name: 'Okafor' }],
      }),
    );
    expect(batch).to.deep.equal({ added: 1, updated: 1, errors: [{ index: 1, input: 'not an address', reason: 'invalid_email' }] });
    const again = ok(await world.mail('GET', `/v1/contacts/lists/${list.id}/contacts/${amina.id}`));
    expect(again).to.deep.include({ id: amina.id, last_name: 'Otieno', data: {}, created_at: amina.created_at });
    const bad = await world.mail('POST', `/v1/contacts/lists/${list.id}/contacts`, { contacts: [{ email: 'x@example.org', data: { 'bad key': 'v', ok: 'x'.repeat(501) } }] });
    refused(bad, 422, 'validation_error');
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).to.deep.equal(['contacts.0.data.bad key', 'contacts.0.data.ok']);
    refused(await world.mail('POST', `/v1/contacts/lists/${list.id}/contacts`, { email: 'nobody' }), 422, 'validation_error');

    const page = ok(await world.mail('GET', `/v1/contacts/lists/${list.id}/contacts?q=okaf`));
    expect(page.data.map((c: { email: string }) => c.email)).to.deep.equal(['chidi@example.org']);
    expect(page).to.include({ total: 1, page: 0, limit: 100 });
    const second = ok(await world.mail('GET', `/v1/contacts/lists/${list.id}/contacts?limit=1&page=1`));
    expect(second.data.map((c: { email: string }) => c.email)).to.deep.equal(['chidi@example.org']);
    expect(second.total).to.equal(2);

    const patched = ok(await world.mail('PATCH', `/v1/contacts/lists/${list.id}/contacts/${encodeURIComponent('CHIDI@example.org')}`, { first_name: 'Chidi', unsubscribed: true, data: { tier: 'gold' } }));
    expect(patched).to.include({ first_name: 'Chidi', last_name: 'Okafor', unsubscribed: true });
    refused(await world.mail('PATCH', `/v1/contacts/lists/${list.id}/contacts/chidi@example.org`, {}), 422, 'validation_error');
    expect(ok(await world.mail('GET', `/v1/contacts/lists/${list.id}/contacts?unsubscribed=true`)).data.map((c: { email: string }) => c.email)).to.deep.equal(['chidi@example.org']);
    expect(ok(await world.mail('GET', `/v1/contacts/lists/${list.id}`))).to.include({ contact_count: 2, unsubscribed_count: 1 });
    expect((await world.mail('DELETE', `/v1/contacts/lists/${list.id}/contacts/${amina.id}`)).status).to.equal(204);
    refused(await world.mail('GET', `/v1/contacts/lists/${list.id}/contacts/${amina.id}`), 404, 'not_found');
    refused(await world.mail('DELETE', `/v1/contacts/lists/${list.id}/contacts/nobody@example.org`), 404, 'not_found');
  });

  it('imports a CSV file by the SMS import rules: per-row errors, the last row of an address wins, 413 past 100,000 rows with nothing written', async () => {
    const list = ok(await world.mail('POST', '/v1/contacts/lists', { name: 'Imported' }), 201);
    const file = [
      'Email,First_Name,last_name,city',
      'amina@example.org,Amina,Otieno,Nairobi',
      'not-an-address,X,Y,Z',
      ',No,Address,Here',
      'chidi@example.org,Chidi,"Okafor, Jr",Lagos',
      'too,few',
      '',
      'AMINA@example.org,Amina W.,Otieno,Mombasa',
      '"open,quote',
    ].join('\r\n');
    const answer = ok(await csv(world, list.id, file));
    expect(answer).to.deep.equal({
      imported: 2,
      added: 2,
      updated: 0,
      duplicates: 1,
      error_count: 4,
      encoding: 'utf-8',
      errors: [
        { row: 3, value: 'not-an-address', reason: 'invalid_email' },
        { row: 4, value: '', reason: 'missing_email' },
        { row: 6, value: 'too,few', reason: 'column_count' },
        { row: 9, value: '"open,quote', reason: 'unterminated_quote' },
      ],
    });
    const amina = ok(await world.mail('GET', `/v1/contacts/lists/${list.id}/contacts/amina@example.org`));
    expect(amina).to.deep.include({ first_name: 'Amina W.', last_name: 'Otieno', data: { city: 'Mombasa' } });
    expect(ok(await world.mail('GET', `/v1/contacts/lists/${list.id}/contacts/chidi@example.org`)).last_name).to.equal('Okafor, Jr');

    const header = await csv(world, list.id, 'name,phone\nA,1');
    refused(header, 422, 'validation_error');
    expect(header.body.error.details[0].path).to.equal('header');
    refused(await csv(world, list.id, file, 'application/json'), 415, 'unsupported_media_type');

    const tooMany = await csv(world, list.id, ['email', ...Array.from({ length: 100_001 }, (_, i) => `r${i}@example.org`)].join('\n'));
    refused(tooMany, 413, 'too_many_rows');
    expect(tooMany.body.error.limit).to.equal(100_000);
    expect(ok(await world.mail('GET', `/v1/contacts/lists/${list.id}`)).contact_count, 'nothing written').to.equal(2);
  });

  it('sends a broadcast once for a repeated Idempotency-Key', async () => {
    const list = ok(await world.mail('POST', '/v1/contacts/lists', { name: 'Once' }), 201);
    ok(await world.mail('POST', `/v1/contacts/lists/${list.id}/contacts`, { email: 'once@example.org' }));
    const body = { from: 'hello@lists.example.com', subject: 'Once', text: 'Hi', scheduled_at: new Date(Date.now() + 3_600_000).toISOString() };
    const headers = { 'Idempotency-Key': `broadcast-${list.id}` };
    const first = await world.mail('POST', `/v1/contacts/lists/${list.id}/send`, body, { headers });
    const again = await world.mail('POST', `/v1/contacts/lists/${list.id}/send`, body, { headers });
    expect(ok(again)).to.deep.equal(ok(first));
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    const mine = ok(await world.mail('GET', '/v1/broadcasts')).data.filter((b: { list_id: string }) => b.list_id === list.id);
    expect(mine.map((b: { id: string }) => b.id)).to.deep.equal([first.body.id]);
  });

  it("keeps accounts apart: another account's lists, contacts and broadcasts are 404", async () => {
    const list = ok(await world.mail('POST', '/v1/contacts/lists', { name: 'Private' }), 201);
    const contact = ok(await world.mail('POST', `/v1/contacts/lists/${list.id}/contacts`, { email: 'secret@example.org' }));
    const sent = ok(await world.mail('POST', `/v1/contacts/lists/${list.id}/send`, { from: 'hello@lists.example.com', subject: 'Hi', text: 'Hi' }));
    const key = await world.otherAccountKey();
    const as = (method: string, path: string, body?: unknown) => world.mail(method, path, body, { key });
    for (const [method, path, body] of [
      ['GET', `/v1/contacts/lists/${list.id}`],
      ['PATCH', `/v1/contacts/lists/${list.id}`, { name: 'Mine' }],
      ['DELETE', `/v1/contacts/lists/${list.id}`],
      ['GET', `/v1/contacts/lists/${list.id}/contacts`],
      ['POST', `/v1/contacts/lists/${list.id}/contacts`, { email: 'x@example.org' }],
      ['GET', `/v1/contacts/lists/${list.id}/contacts/${contact.id}`],
      ['PATCH', `/v1/contacts/lists/${list.id}/contacts/${contact.id}`, { unsubscribed: true }],
      ['DELETE', `/v1/contacts/lists/${list.id}/contacts/${contact.id}`],
      ['POST', `/v1/contacts/lists/${list.id}/send`, { from: 'hello@lists.example.com', subject: 'Hi', text: 'Hi' }],
      ['GET', `/v1/broadcasts/${sent.id}`],
      ['POST', `/v1/broadcasts/${sent.id}/cancel`],
    ] as const) {
      refused(await as(method, path, body), 404, 'not_found');
    }
    refused(await csv({ ...world, key } as MailWorld, list.id, 'email\na@example.org'), 404, 'not_found');
    expect(ok(await as('GET', '/v1/contacts/lists')).data).to.deep.equal([]);
    expect(ok(await as('GET', '/v1/broadcasts')).data).to.deep.equal([]);
    expect(ok(await world.mail('GET', `/v1/contacts/lists/${list.id}/contacts/${contact.id}`)).unsubscribed).to.equal(false);
  });

  it('skips suppressed addresses, refuses bad placeholders, a foreign from, and a broadcast past the plan whole', async () => {
    const bounced = await world.send({ to: 'bounce@example.org', text: 'Hi' });
    await world.settled(bounced, 'bounced');
    const list = ok(await world.mail('POST', '/v1/contacts/lists', { name: 'Mixed' }), 201);
    ok(await world.mail('POST', `/v1/contacts/lists/${list.id}/contacts`, { contacts: [{ email: 'wanjiru@example.org', first_name: 'Wanjiru' }, { email: 'Bounce@example.org' }] }));
    const sent = ok(await world.mail('POST', `/v1/contacts/lists/${list.id}/send`, { from: 'Shop <hello@lists.example.com>', subject: 'Hi {{first_name|friend}}', html: '<p>{{data.city|}}</p>', tags: [{ name: 'kind', value: 'promo' }] }));
    expect(sent.counts).to.include({ recipients: 2, skipped_suppressed: 1, skipped_unsubscribed: 0 });
    const done = await until('delivered', async () => ok(await world.mail('GET', `/v1/broadcasts/${sent.id}`)), (b) => b.status === 'sent' && b.counts.delivered === 1);
    expect(done.counts).to.include({ delivered: 1, failed: 0, pending: 0 });
    const emails = ok(await world.mail('GET', `/v1/emails?tag=${encodeURIComponent(`broadcast:${sent.id}`)}`)).data;
    expect(emails).to.have.length(1);
    const email = ok(await world.mail('GET', `/v1/emails/${emails[0].id}`));
    expect(email).to.deep.include({ subject: 'Hi Wanjiru', to: ['"Wanjiru" <wanjiru@example.org>'] });
    expect(email.headers['List-Unsubscribe-Post']).to.equal('List-Unsubscribe=One-Click');
    expect(email.tags).to.deep.equal([{ name: 'kind', value: 'promo' }, { name: 'broadcast', value: sent.id }]);

    const badPlaceholder = await world.mail('POST', `/v1/contacts/lists/${list.id}/send`, { from: 'hello@lists.example.com', subject: 'Hi {{name}}', text: '{{data.bad key}}' });
    refused(badPlaceholder, 422, 'validation_error');
    expect(badPlaceholder.body.error.details.map((d: { path: string }) => d.path)).to.deep.equal(['subject', 'text']);
    const blank = await world.mail('POST', `/v1/contacts/lists/${list.id}/send`, { from: 'hello@lists.example.com', subject: '{{first_name}} {{data.x}}', text: 'Hi' });
    refused(blank, 422, 'validation_error');
    expect(blank.body.error.details.map((d: { path: string }) => d.path), 'a subject of placeholders only').to.deep.equal(['subject']);
    refused(await world.mail('POST', `/v1/contacts/lists/${list.id}/send`, { from: 'hello@elsewhere.example.com', subject: 'Hi', text: 'Hi' }), 403, 'domain_not_verified');

    // The free plan sends 100 a day: a list of 120 is refused whole, nothing stored or counted.
    const big = ok(await world.mail('POST', '/v1/contacts/lists', { name: 'Big' }), 201);
    ok(await world.mail('POST', `/v1/contacts/lists/${big.id}/contacts`, { contacts: Array.from({ length: 120 }, (_, i) => ({ email: `big${i}@example.org` })) }));
    const before = ok(await world.mail('GET', '/v1/billing')).usage;
    const refusedAnswer = await world.mail('POST', `/v1/contacts/lists/${big.id}/send`, { from: 'hello@lists.example.com', subject: 'Hi', text: 'Hi' });
    refused(refusedAnswer, 402, 'plan_limit_reached');
    expect(refusedAnswer.body.error).to.include({ resource: 'daily_emails', limit: 100 });
    expect(ok(await world.mail('GET', '/v1/billing')).usage).to.deep.equal(before);
    expect(ok(await world.mail('GET', '/v1/broadcasts')).data.map((b: { list_id: string }) => b.list_id)).not.to.include(big.id);
  });
});
