import { expect } from 'chai';
import { startLinksWorld } from '../../support/links-world.ts';
import { ok } from '../../support/responses.ts';
import { databaseKind, testDatabase } from '../../support/test-database.ts';

/** The click buffer at stop (docs/links.md, "Clicks"): what waits is written before the database closes. */
describe(`HTTP short-link clicks at stop on ${databaseKind()}`, function () {
  this.timeout(60_000);

  it('writes the clicks still buffered when the server stops (the timer would not have run for a minute)', async () => {
    const world = await startLinksWorld({ WEBHOOK_ALLOW_HOSTS: 'shop.example', CLICK_FLUSH_MS: '60000' });
    const link = ok(await world.links('POST', '/v1/links', { url: 'https://shop.example/late' }), 201);
    const browser = { 'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36' };
    for (let i = 0; i < 3; i++) expect((await world.api.request('GET', `/s/${link.slug}`, { headers: browser })).status).to.equal(302);
    expect(ok(await world.links('GET', `/v1/links/${link.id}`)).clicks, 'still in memory').to.equal(0);
    await world.stop();
    const database = await testDatabase();
    const [row] = await database.withContext(() => database.em.execute<{ clicks: string; rows: string }[]>('select clicks::text as clicks, (select count(*) from link_click where link_id = ?)::text as rows from link where id = ?', [link.id, link.id]));
    expect(row).to.deep.equal({ clicks: '3', rows: '3' });
  });
});
