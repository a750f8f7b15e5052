import { expect } from 'chai';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const KE = '+254712345678';
const KE2 = '+254722000001';
const NG = '+2348031234567';

type ListBody = { id: number; name: string; description: string | null; member_count: number; created_at: string; updated_at: string };
type MemberBody = { phone: string; country: string; name: string | null; vars: Record<string, string>; created_at: string };

/** A Kenyan mobile number made from `n` (0 to 99,999,999). */
const kenyan = (n: number): string => `+2547${String(n).padStart(8, '0')}`;

describe(`HTTP contact lists on ${databaseKind()}`, () => {
  let api: TestServer;
  /** The demo account's live key: send, query and webhooks. */
  let key: string;
  let queryOnlyKey: string;
  let webhooksOnlyKey: string;
  /** A key of another account (default scopes). */
  let otherKey: string;

  async function issueKey(accountId: string, scopes?: string[]): Promise<string> {
    const res = await api.request('POST', `/api/admin/accounts/${accountId}/keys`, { key: ADMIN_KEY, body: { environment: 'live', ...(scopes ? { scopes } : {}) } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.key;
  }

  before(async () => {
    api = await startTestServer();
    key = api.started.demo!.liveKey;
    const demoAccountId = api.started.demo!.accountId;
    queryOnlyKey = await issueKey(demoAccountId, ['query']);
    webhooksOnlyKey = await issueKey(demoAccountId, ['webhooks']);
    const other = await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'other.contacts@example.com' } });
    expect(other.status).to.equal(201);
    otherKey = await issueKey(other.body.id);
  });
  after(async () => api.stop());

  const listed = async (k = key, query = ''): Promise<ListBody[]> => {
    const res = await api.request('GET', `/api/contacts/lists${query}`, { key: k });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.contact_lists;
  };
  const create = (body: unknown, k = key) => api.request('POST', '/api/contacts/lists', { key: k, body });
  const created = async (name: string, description?: string | null, k = key): Promise<ListBody> => {
    const res = await create({ name, ...(description === undefined ? {} : { description }) }, k);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body;
  };
  const getList = (id: number | string, k = key) => api.request('GET', `/api/contacts/lists/${id}`, { key: k });
  const patch = (id: number | string, body: unknown, k = key) => api.request('PATCH', `/api/contacts/lists/${id}`, { key: k, body });
  const remove = (id: number | string, k = key) => api.request('DELETE', `/api/contacts/lists/${id}`, { key: k });
  const addMembers = (id: number | string, members: unknown, k = key) => api.request('POST', `/api/contacts/lists/${id}/members`, { key: k, body: { members } });
  const members = (id: number | string, query = '', k = key) => api.request('GET', `/api/contacts/lists/${id}/members${query}`, { key: k });
  const removeMember = (id: number | string, phone: string, k = key) => api.request('DELETE', `/api/contacts/lists/${id}/members/${phone}`, { key: k });
  const importCsv = (id: number | string, csv: string, query = '', k = key, contentType = 'text/csv') =>
    api.request('POST', `/api/contacts/lists/${id}/import${query}`, { key: k, rawBody: csv, headers: { 'Content-Type': contentType } });

  const expectValidation = (res: { status: number; body: any }, where: string, paths: string[]) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(422);
    expect(res.body.error.code).to.equal('validation_error');
    expect(res.body.error.details.map((d: { path: string; in: string }) => `${d.in}:${d.path}`)).to.have.members(paths.map((p) => `${where}:${p}`));
  };

  afterEach(async () => {
    for (const k of [key, otherKey]) for (const list of await listed(k, '?limit=500')) expect((await remove(list.id, k)).status).to.equal(204);
  });

  describe('lists', () => {
    it('creates a list with 201 and every field, name trimmed, description optional', async () => {
      const list = await created('  Customers  ', 'Everyone who bought');
      expect(Object.keys(list)).to.deep.equal(['id', 'name', 'description', 'member_count', 'created_at', 'updated_at']);
      expect(Number.isInteger(list.id) && list.id > 0).to.equal(true);
      expect(list).to.include({ name: 'Customers', description: 'Everyone who bought', member_count: 0 });
      expect(list.created_at).to.match(ISO_INSTANT);
      expect(list.updated_at).to.equal(list.created_at);
      expect((await getList(list.id)).body).to.deep.equal(list);
      expect((await created('Bare')).description).to.equal(null);
      expect((await created('Blank', '   ')).description, 'a blank description is none').to.equal(null);
    });

    it('answers 422 naming every bad field: lengths, blanks, types, unknown and missing fields', async () => {
      expectValidation(await create({ name: '', description: 'd'.repeat(501) }), 'body', ['name', 'description']);
      expectValidation(await create({ name: 'n'.repeat(81) }), 'body', ['name']);
      expectValidation(await create({ name: 'line\nbreak' }), 'body', ['name']);
      expectValidation(await create({ name: 5, description: 7 }), 'body', ['name', 'description']);
      expectValidation(await create({ description: 'no name' }), 'body', ['name']);
      expectValidation(await create({ name: 'ok', member_count: 3 }), 'body', ['member_count']);
      expectValidation(await api.request('POST', '/api/contacts/lists', { key }), 'body', ['']);
      expect(await listed()).to.deep.equal([]);
      expect((await created('😀'.repeat(80), 'é'.repeat(500))).name).to.have.length(160);
    });

    it('refuses a second list of the same name in any case with 409; another account may use it', async () => {
      await created('VIP');
      const res = await create({ name: 'vip' });
      expect([res.status, res.body.error.code]).to.deep.equal([409, 'conflict']);
      expect(await listed()).to.have.length(1);
      expect((await create({ name: 'VIP' }, otherKey)).status).to.equal(201);
    });

    it('changes name and/or description with PATCH, keeping id, members and created_at', async () => {
      const list = await created('Leads', 'old');
      await addMembers(list.id, [{ phone: KE }]);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const renamed = await patch(list.id, { name: ' Hot leads ' });
      expect(renamed.status).to.equal(200);
      expect(renamed.body).to.include({ id: list.id, name: 'Hot leads', description: 'old', member_count: 1, created_at: list.created_at });
      expect(renamed.body.updated_at > list.updated_at).to.equal(true);
      expect((await patch(list.id, { description: 'new' })).body).to.include({ name: 'Hot leads', description: 'new' });
      expect((await patch(list.id, { description: null })).body.description).to.equal(null);
      expect((await getList(list.id)).body).to.include({ name: 'Hot leads', description: null });
    });

    it('PATCH answers 422 for an empty or bad body, 409 for a taken name and 404 for an unknown id', async () => {
      const list = await created('First');
      await created('Second');
      expectValidation(await patch(list.id, {}), 'body', ['']);
      expectValidation(await patch(list.id, { name: '' }), 'body', ['name']);
      expectValidation(await patch(list.id, { name: 'x', extra: 1 }), 'body', ['extra']);
      expect((await patch(list.id, { name: 'SECOND' })).status).to.equal(409);
      expect((await patch(987654321, { name: 'x' })).status).to.equal(404);
      expect((await getList(list.id)).body).to.deep.equal(list);
    });

    it('answers 404 for an unknown id and 422 for an id that is no positive integer', async () => {
      const missing = await getList(987654321);
      expect([missing.status, missing.body.error.code]).to.deep.equal([404, 'not_found']);
      expect((await remove(987654321)).status).to.equal(404);
      for (const id of ['abc', '0', '-1', '1.5', '99999999999999999']) {
        expectValidation(await getList(id), 'path', ['id']);
        expectValidation(await members(id), 'path', ['id']);
        expectValidation(await importCsv(id, 'phone\n+254712345678'), 'path', ['id']);
      }
    });

    it('lists newest first, 100 by default, up to limit (1 to 500; 0, 501 and text are 422)', async () => {
      for (let i = 0; i < 101; i++) await created(`L${i}`);
      const page = await listed();
      expect(page).to.have.length(100);
      expect(page[0]!.name).to.equal('L100');
      expect(page.map((l) => l.id)).to.deep.equal([...page.map((l) => l.id)].sort((a, b) => b - a));
      expect(await listed(key, '?limit=500')).to.have.length(101);
      expect((await listed(key, '?limit=1')).map((l) => l.name)).to.deep.equal(['L100']);
      for (const limit of ['0', '501', 'x', '1.5']) expectValidation(await api.request('GET', `/api/contacts/lists?limit=${limit}`, { key }), 'query', ['limit']);
    });

    it('deletes a list with its members: 204 without a body, then 404', async () => {
      const list = await created('Old');
      await addMembers(list.id, [{ phone: KE }, { phone: NG }]);
      const res = await remove(list.id);
      expect([res.status, res.text]).to.deep.equal([204, '']);
      expect((await remove(list.id)).status).to.equal(404);
      expect((await members(list.id)).status).to.equal(404);
      expect((await created('Old')).member_count, 'the name is free and nothing came back').to.equal(0);
    });
  });

  describe('members', () => {
    it('adds members with 200 {added, updated, errors}; a listed number gets the new name and vars', async () => {
      const list = await created('Customers');
      const first = await addMembers(list.id, [
        { phone: '+254 712 345 678', name: ' Amina ', vars: { city: 'Nairobi', order_id: 'A-1' } },
        { phone: '00234 803 123 4567' },
        { phone: KE2, name: null, vars: {} },
      ]);
      expect(first.status, JSON.stringify(first.body)).to.equal(200);
      expect(first.body).to.deep.equal({ added: 3, updated: 0, errors: [] });
      const second = await addMembers(list.id, [{ phone: KE, name: 'Amina W.', vars: { tier: 'gold' } }, { phone: kenyan(1) }]);
      expect(second.body).to.deep.equal({ added: 1, updated: 1, errors: [] });
      const page = await members(list.id);
      expect(page.status).to.equal(200);
      expect(page.body).to.include({ total: 4, page: 0, limit: 100 });
      const rows: MemberBody[] = page.body.members;
      expect(Object.keys(rows[0]!)).to.deep.equal(['phone', 'country', 'name', 'vars', 'created_at']);
      expect(rows.map(({ created_at: _, ...rest }) => rest)).to.deep.equal([
        { phone: KE, country: 'KE', name: 'Amina W.', vars: { tier: 'gold' } },
        { phone: NG, country: 'NG', name: null, vars: {} },
        { phone: KE2, country: 'KE', name: null, vars: {} },
        { phone: kenyan(1), country: 'KE', name: null, vars: {} },
      ]);
      expect(rows[0]!.created_at).to.match(ISO_INSTANT);
      expect((await getList(list.id)).body.member_count).to.equal(4);
    });

    it('reports members with an invalid number by index, input and reason, and stores the rest', async () => {
      const list = await created('Mixed');
      const res = await addMembers(list.id, [{ phone: 'not a number' }, { phone: KE }, { phone: '0712345678' }, { phone: '+254 71' }, { phone: KE, name: 'last wins' }]);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        added: 1,
        updated: 0,
        errors: [
          { index: 0, input: 'not a number', reason: 'not_numeric' },
          { index: 2, input: '0712345678', reason: 'parse_error' },
          { index: 3, input: '+254 71', reason: 'impossible_number' },
        ],
      });
      expect((await members(list.id)).body.members.map((m: MemberBody) => m.name)).to.deep.equal(['last wins']);
    });

    it('answers 422 naming every bad member field, and stores nothing', async () => {
      const list = await created('Strict');
      const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`v${i}`, 'x']));
      const res = await addMembers(list.id, [
        { phone: KE, name: 'n'.repeat(121) },
        { phone: KE2, vars: { 'first name': 'x', name: 'y', '1st': 'z', ok: 'fine' } },
        { phone: NG, vars: tooMany },
        { phone: kenyan(2), vars: { note: 'v'.repeat(501) } },
      ]);
      expectValidation(res, 'body', ['members.0.name', 'members.1.vars.first name', 'members.1.vars.name', 'members.1.vars.1st', 'members.2.vars', 'members.3.vars.note']);
      expectValidation(await addMembers(list.id, [{ phone: KE, vars: { city: 5 } }]), 'body', ['members.0.vars.city']);
      expectValidation(await addMembers(list.id, [{ name: 'no phone' }]), 'body', ['members.0.phone']);
      expectValidation(await addMembers(list.id, []), 'body', ['members']);
      expectValidation(await addMembers(list.id, Array.from({ length: 1001 }, (_, i) => ({ phone: kenyan(i) }))), 'body', ['members']);
      expect((await members(list.id)).body.total).to.equal(0);
    });

    it('pages members in insertion order (page 0-based, limit 1 to 1000)', async () => {
      const list = await created('Paged');
      await addMembers(list.id, Array.from({ length: 250 }, (_, i) => ({ phone: kenyan(1000 - i) })));
      const page = async (query: string) => (await members(list.id, query)).body;
      expect((await page('')).members).to.have.length(100);
      const second = await page('?page=1&limit=100');
      expect(second).to.include({ total: 250, page: 1, limit: 100 });
      expect(second.members[0].phone).to.equal(kenyan(900));
      expect((await page('?page=2&limit=100')).members).to.have.length(50);
      expect((await page('?page=9')).members).to.deep.equal([]);
      expect((await page('?limit=1000')).members).to.have.length(250);
      for (const query of ['?limit=0', '?limit=1001', '?limit=x']) expectValidation(await members(list.id, query), 'query', ['limit']);
      for (const query of ['?page=-1', '?page=1.5']) expectValidation(await members(list.id, query), 'query', ['page']);
    });

    it('removes a member with 204 (number URL-encoded or without +); 404 when not in the list, 400 when malformed', async () => {
      const list = await created('Removals');
      await addMembers(list.id, [{ phone: KE }, { phone: NG }]);
      expect((await removeMember(list.id, encodeURIComponent(KE))).status).to.equal(204);
      const again = await removeMember(list.id, encodeURIComponent(KE));
      expect([again.status, again.body.error.code]).to.deep.equal([404, 'not_found']);
      expect((await removeMember(list.id, NG.slice(1))).status).to.equal(204);
      const malformed = await removeMember(list.id, '12345');
      expect([malformed.status, malformed.body.error.code]).to.deep.equal([400, 'invalid_phone_number']);
      expect(malformed.body.error.details[0]).to.include({ path: 'phone', in: 'path' });
      expect((await removeMember(987654321, encodeURIComponent(KE))).status).to.equal(404);
      expect((await getList(list.id)).body.member_count).to.equal(0);
    });
  });

  describe('CSV import', () => {
    it('imports rows with a name column and variables, reporting row errors and duplicates', async () => {
      const list = await created('Imported');
      const csv = [
        '\uFEFFPhone,Name,city,order_id',
        '+254712345678,Amina,Nairobi,A-1',
        '"+234 803 123 4567","Okafor, Chidi","Lagos","B ""2"""',
        ',No number,Mombasa,C-3',
        '+254 71,Short,Kisumu,D-4',
        '0712000001,National,Nakuru,E-5',
        '+254722000001,Two,"Line one',
        'line two",F-6',
        '+254722000002,Missing a column',
        '',
        '+254712345678,Amina Again,Nairobi,A-7',
      ].join('\r\n');
      const res = await importCsv(list.id, csv);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body).to.deep.equal({
        imported: 3,
        added: 3,
        updated: 0,
        duplicates: 1,
        error_count: 4,
        encoding: 'utf-8',
        errors: [
          { row: 4, value: '', reason: 'missing_phone' },
          { row: 5, value: '+254 71', reason: 'impossible_number' },
          { row: 6, value: '0712000001', reason: 'parse_error' },
          { row: 8, value: '+254722000002,Missing a column', reason: 'column_count' },
        ],
      });
      const rows = (await members(list.id)).body.members.map(({ created_at: _, ...rest }: MemberBody) => rest);
      expect(rows).to.deep.equal([
        { phone: KE, country: 'KE', name: 'Amina Again', vars: { city: 'Nairobi', order_id: 'A-7' } },
        { phone: NG, country: 'NG', name: 'Okafor, Chidi', vars: { city: 'Lagos', order_id: 'B "2"' } },
        { phone: KE2, country: 'KE', name: 'Two', vars: { city: 'Line one\r\nline two', order_id: 'F-6' } },
      ]);
    });

    it('reads a Latin-1 / Windows-1252 file (a spreadsheet export) with its accented letters, and a file in the charset it declares', async () => {
      const list = await created('Accents');
      const upload = (bytes: Buffer, contentType: string) =>
        fetch(`${api.baseUrl}/api/contacts/lists/${list.id}/import`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': contentType }, body: bytes });
      const cp1252 = Buffer.concat([Buffer.from('phone,name\r\n+254712345678,Zoé Müller\r\n+254722000001,Renée ', 'latin1'), Buffer.from([0x93]), Buffer.from('Nana', 'latin1'), Buffer.from([0x94, 0x0d, 0x0a])]);
      const latin1 = await upload(cp1252, 'text/csv');
      expect(latin1.status).to.equal(200);
      expect(await latin1.json()).to.include({ imported: 2, encoding: 'windows-1252' });
      const names = (await members(list.id)).body.members.map((m: MemberBody) => m.name);
      expect(names).to.include.members(['Zoé Müller', 'Renée “Nana”']);
      const utf16 = await upload(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('phone,name\n+254733000222,Aïcha\n', 'utf16le')]), 'text/csv');
      expect(await utf16.json()).to.include({ imported: 1, encoding: 'utf-16le' });
      const declared = await upload(Buffer.from('phone,name\n+254711000111,Zoé\n', 'latin1'), 'text/csv; charset=iso-8859-1');
      expect(await declared.json()).to.include({ imported: 1, encoding: 'windows-1252' });
      const lying = await upload(Buffer.from([0x70, 0x68, 0xff, 0xfe, 0x0a]), 'text/csv; charset=utf-8');
      expect(lying.status).to.equal(400);
      expect((await members(list.id)).body.members.map((m: MemberBody) => m.name)).to.include.members(['Zoé Müller', 'Aïcha', 'Zoé']);
    });

    it('reads national numbers with default_country, and updates numbers already listed', async () => {
      const list = await created('National');
      await addMembers(list.id, [{ phone: KE, name: 'Before' }]);
      const csv = 'msisdn,name\n0712345678,After\n722 000 001,New\n+2348031234567,International\n08031234567,Not Kenyan\n';
      const res = await importCsv(list.id, csv, '?default_country=ke');
      expect(res.body).to.deep.equal({
        imported: 3,
        added: 2,
        updated: 1,
        duplicates: 0,
        error_count: 1,
        encoding: 'utf-8',
        errors: [{ row: 5, value: '08031234567', reason: 'invalid_number' }],
      });
      expect((await members(list.id)).body.members.map((m: MemberBody) => `${m.phone} ${m.name}`)).to.deep.equal([`${KE} After`, `${KE2} New`, `${NG} International`]);
      expectValidation(await importCsv(list.id, csv, '?default_country=XX'), 'query', ['default_country']);
      expectValidation(await importCsv(list.id, csv, '?default_country=KEN'), 'query', ['default_country']);
    });

    it('answers 422 naming the header when it has no phone column or a bad column name, and stores nothing', async () => {
      const list = await created('Headers');
      const noPhone = await importCsv(list.id, 'name,city\nAmina,Nairobi\n');
      expectValidation(noPhone, 'body', ['header']);
      expect(noPhone.body.error.message).to.contain('"name", "city"');
      const badNames = await importCsv(list.id, 'phone,first name,Phone,2nd\n+254712345678,a,b,c\n');
      expectValidation(badNames, 'body', ['header.1', 'header.2', 'header.3']);
      expect(badNames.body.error.details.map((d: { message: string }) => d.message).join(' ')).to.contain('"first name"');
      expectValidation(await importCsv(list.id, 'mobile,phone\n+254712345678,x\n'), 'body', ['header.1']);
      expectValidation(await importCsv(list.id, '\n\n'), 'body', ['']);
      expectValidation(await importCsv(list.id, '   \n+254712345678'), 'body', ['header']);
      expect((await getList(list.id)).body.member_count).to.equal(0);
    });

    it('takes text/csv only (415 otherwise) and answers 404 for a list that is not the account', async () => {
      const list = await created('Types');
      const json = await importCsv(list.id, '{"phone":"+254712345678"}', '', key, 'application/json');
      expect([json.status, json.body.error.code]).to.deep.equal([415, 'unsupported_media_type']);
      expect((await importCsv(list.id, 'phone\n+254712345678', '', key, 'text/csv; charset=utf-8')).status).to.equal(200);
      expect((await importCsv(987654321, 'phone\n+254712345678')).status).to.equal(404);
    });

    it('imports a generated file of 100,000 rows', async function () {
      this.timeout(180_000);
      const list = await created('Everyone');
      const lines = ['phone,name,city,code'];
      for (let i = 0; i < 100_000; i++) lines.push(`${kenyan(10_000_000 + i * 3)},Customer ${i},Nairobi,C${i}`);
      const started = performance.now();
      const res = await importCsv(list.id, lines.join('\n'));
      const took = Math.round(performance.now() - started);
      expect(res.status, JSON.stringify(res.body).slice(0, 500)).to.equal(200);
      expect(res.body).to.deep.equal({ imported: 100_000, added: 100_000, updated: 0, duplicates: 0, error_count: 0, encoding: 'utf-8', errors: [] });
      expect((await getList(list.id)).body.member_count).to.equal(100_000);
      const last = await members(list.id, '?page=99&limit=1000');
      expect(last.body.members.at(-1)).to.include({ phone: kenyan(10_000_000 + 99_999 * 3), name: 'Customer 99999' });
      expect(last.body.members.at(-1).vars).to.deep.equal({ city: 'Nairobi', code: 'C99999' });
      this.test!.title += ` (${took} ms)`;
    });

    it('refuses 100,001 data rows with 413 too_many_rows and stores nothing', async function () {
      this.timeout(60_000);
      const list = await created('Too many');
      const lines = ['phone'];
      for (let i = 0; i <= 100_000; i++) lines.push(kenyan(i));
      const res = await importCsv(list.id, `${lines.join('\n')}\n`);
      expect(res.status).to.equal(413);
      expect(res.body.error).to.include({ code: 'too_many_rows', limit: 100_000 });
      expect(res.body.error.message).to.contain('100001');
      expect((await getList(list.id)).body.member_count).to.equal(0);
    });

    it('refuses a body over 16 MB with 413 payload_too_large, while JSON routes keep their own limit', async () => {
      const list = await created('Huge');
      const huge = await importCsv(list.id, `phone,note\n+254712345678,${'x'.repeat(16 * 1024 * 1024)}`);
      expect([huge.status, huge.body.error.code]).to.deep.equal([413, 'payload_too_large']);
      const bigJson = await api.request('POST', `/api/contacts/lists/${list.id}/members`, {
        key,
        body: { members: [{ phone: KE, name: 'x'.repeat(3 * 1024 * 1024) }] },
      });
      expect([bigJson.status, bigJson.body.error.code]).to.deep.equal([413, 'payload_too_large']);
    });
  });

  it("keeps tenants apart: another account's list is 404 everywhere and never listed", async () => {
    const mine = await created('Mine');
    await addMembers(mine.id, [{ phone: KE, name: 'Private' }]);
    expect(await listed(otherKey)).to.deep.equal([]);
    const attempts = [
      await getList(mine.id, otherKey),
      await patch(mine.id, { name: 'Stolen' }, otherKey),
      await members(mine.id, '', otherKey),
      await addMembers(mine.id, [{ phone: NG }], otherKey),
      await removeMember(mine.id, encodeURIComponent(KE), otherKey),
      await importCsv(mine.id, `phone\n${NG}`, '', otherKey),
      await remove(mine.id, otherKey),
    ];
    for (const res of attempts) expect([res.status, res.body.error.code]).to.deep.equal([404, 'not_found']);
    expect((await getList(mine.id)).body).to.include({ name: 'Mine', member_count: 1 });
    expect((await members(mine.id)).body.members.map((m: MemberBody) => m.name)).to.deep.equal(['Private']);
  });

  it('needs a key (401), query or send to read and send to write (403 insufficient_scope)', async () => {
    const list = await created('Scoped');
    const routes = [
      ['GET', '/api/contacts/lists', undefined],
      ['POST', '/api/contacts/lists', { name: 'x' }],
      ['GET', `/api/contacts/lists/${list.id}`, undefined],
      ['PATCH', `/api/contacts/lists/${list.id}`, { name: 'x' }],
      ['DELETE', `/api/contacts/lists/${list.id}`, undefined],
      ['GET', `/api/contacts/lists/${list.id}/members`, undefined],
      ['POST', `/api/contacts/lists/${list.id}/members`, { members: [{ phone: KE }] }],
      ['DELETE', `/api/contacts/lists/${list.id}/members/${encodeURIComponent(KE)}`, undefined],
      ['POST', `/api/contacts/lists/${list.id}/import`, undefined],
    ] as const;
    for (const [method, path, body] of routes) {
      expect((await api.request(method, path, { body })).status, `${method} ${path} anonymous`).to.equal(401);
      for (const denied of [webhooksOnlyKey, ADMIN_KEY, ...(method === 'GET' ? [] : [queryOnlyKey])]) {
        const res = await api.request(method, path, { key: denied, body });
        expect([res.status, res.body.error.code], `${method} ${path}`).to.deep.equal([403, 'insufficient_scope']);
      }
    }
    expect((await listed(queryOnlyKey)).map((l) => l.name)).to.deep.equal(['Scoped']);
    expect((await members(list.id, '', queryOnlyKey)).status).to.equal(200);
  });

  it('describes the routes, the CSV body and its limits in /openapi.json', async () => {
    const paths = (await api.request('GET', '/openapi.json')).body.paths;
    expect(paths['/api/contacts/lists'].get['x-required-scopes']).to.deep.equal(['query', 'send']);
    expect(paths['/api/contacts/lists/{id}'].patch.responses).to.include.keys('200', '404', '409', '422');
    expect(paths['/api/contacts/lists/{id}/members/{phone}'].delete.responses).to.include.keys('204', '400', '404');
    const upload = paths['/api/contacts/lists/{id}/import'].post;
    expect(upload['x-required-scopes']).to.deep.equal(['send']);
    expect(Object.keys(upload.requestBody.content)).to.deep.equal(['text/csv']);
    expect(upload.requestBody.content['text/csv'].schema.type).to.equal('string');
    expect(upload.responses).to.include.keys('200', '404', '413', '415', '422');
    expect(upload.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).to.deep.equal(['path:id', 'query:default_country']);
  });
});
