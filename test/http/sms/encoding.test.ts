import { expect } from 'chai';
import { codePointLabel, explainEncoding, segmentMessage } from '@tuma/messaging';
import { TWILIO_CALCULATOR_CORPUS } from '@tuma/messaging/testing';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer, SIMULATOR_DELIVERS_ALL } from '../../support/test-server.ts';
import { ok } from '../../support/responses.ts';
import { until } from '../../support/until.ts';

const KE = '+254712345678';
const NG = '+2348021234567';

describe(`HTTP SMS encoding: quotes that explain UCS-2, smart encoding, on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  let key: string;
  let accountId: string;

  const post = (path: string, body: unknown) => api.request('POST', path, { key, body });

  before(async () => {
    api = await startTestServer({ SIMULATOR_LATENCY_MS: '5-30', SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL });
    key = api.started.demo!.liveKey;
    accountId = api.started.demo!.accountId;
    ok(await api.request('POST', `/api/admin/balances/${accountId}/credit`, { key: ADMIN_KEY, body: { amount: 50, reason: 'test credit', reference: 'sms-encoding-suite' } }));
  });
  after(async () => api.stop());

  describe('quotes that explain their price', () => {
    for (const { text, encoding, ucs2Characters, gsm7Segments } of TWILIO_CALCULATOR_CORPUS) {
      if (text === '') continue; // a quote needs a text
      const shown = JSON.stringify(text.length > 24 ? `${Array.from(text).slice(0, 8).join('')}…` : text);
      it(`rate of ${shown}: the culprits the segmenter finds, exactly`, async () => {
        const quote = ok(await post('/api/messages/rate', { to: [KE, NG], text }));
        expect(quote.encoding).to.equal(segmentMessage(text).encoding).and.to.equal(encoding);
        if (encoding === 'GSM7') {
          expect(quote.gsm7_alternative).to.equal(null);
          return;
        }
        const alternative = quote.gsm7_alternative;
        expect(alternative.ucs2_character_count).to.equal(ucs2Characters!.length);
        expect(alternative.ucs2_characters.map((c: { position: number; code_point: string }) => [c.position, c.code_point])).to.deep.equal(
          ucs2Characters!.slice(0, 100).map(([position, codePoint]) => [position, codePointLabel(codePoint)]),
        );
        expect(alternative.gsm7_text).to.equal(explainEncoding(text)!.gsm7Text);
        expect(alternative.gsm7_segments).to.equal(gsm7Segments);
        expect(alternative.gsm7_total_segments).to.equal(2 * gsm7Segments!);
        expect(alternative.saving).to.be.closeTo(quote.total_cost - alternative.gsm7_total_cost, 1e-9);
      });
    }

    it('the GSM-7 price is what the same recipients are quoted for the GSM-7 text', async () => {
      const text = `Habari “Amina”, your order ships today – ${'a'.repeat(60)}`;
      const quote = ok(await post('/api/messages/rate', { to: [KE, NG], text }));
      expect(quote).to.include({ encoding: 'UCS2', segments: 2 });
      const gsm7 = ok(await post('/api/messages/rate', { to: [KE, NG], text: quote.gsm7_alternative.gsm7_text }));
      expect(gsm7).to.include({ encoding: 'GSM7', segments: 1, gsm7_alternative: null });
      expect(quote.gsm7_alternative).to.include({ gsm7_total_cost: gsm7.total_cost, gsm7_total_segments: 2 });
      expect(quote.gsm7_alternative.ucs2_characters).to.deep.equal([
        { position: 7, character: '“', code_point: 'U+201C', replacement: '"' },
        { position: 13, character: '”', code_point: 'U+201D', replacement: '"' },
        { position: 39, character: '–', code_point: 'U+2013', replacement: '-' },
      ]);
    });

    it('bulk-precheck: the template culprits and the batch cost in GSM-7, members rendered one by one', async () => {
      const body = { text: 'Hi {{name}}, it’s your turn', recipients: [{ to: KE, name: 'Amina' }, { to: NG, name: 'Chidi' }] };
      const precheck = ok(await post('/api/messages/bulk-precheck', body));
      expect(precheck.gsm7_alternative).to.include({ ucs2_character_count: 1, ucs2_members: 2, gsm7_total_segments: 2, gsm7_text: "Hi {{name}}, it's your turn" });
      expect(precheck.gsm7_alternative.ucs2_characters).to.deep.equal([{ position: 15, character: '’', code_point: 'U+2019', replacement: "'" }]);
      const gsm7 = ok(await post('/api/messages/bulk-precheck', { ...body, text: precheck.gsm7_alternative.gsm7_text }));
      expect(gsm7.gsm7_alternative).to.equal(null);
      expect(precheck.gsm7_alternative.gsm7_total_cost).to.equal(gsm7.total_cost);
    });

    it('bulk-precheck: a recipient value alone (a name with ç) is explained from its rendered message', async () => {
      const precheck = ok(await post('/api/messages/bulk-precheck', { text: 'Hi {{name}}', recipients: [{ to: KE, name: 'François' }, { to: NG, name: 'Chidi' }] }));
      expect(precheck.gsm7_alternative).to.include({ ucs2_character_count: 1, ucs2_members: 1, gsm7_text: 'Hi FranÇois', gsm7_total_segments: 2 });
      expect(precheck.gsm7_alternative.ucs2_characters[0]).to.deep.include({ position: 7, code_point: 'U+00E7' });
    });
  });
  describe('smart encoding', () => {
    const curly = 'Karibu “Amina” – it’s ready… ';
    const straight = 'Karibu "Amina" - it\'s ready... ';
    const batchMembers = async (batchId: string) =>
      (await until(`batch ${batchId}`, async () => ok(await api.request('GET', `/api/messages/batch/${batchId}`, { key })), (b) => b.messages.length === b.total)).messages;

    it('per request: the look-alikes are replaced, the message keeps the text given and the text sent, and costs the GSM-7 price', async () => {
      const text = `${curly}${'a'.repeat(80)}`;
      const plain = ok(await post('/api/messages/send', { to: KE, text }));
      expect(plain).to.include({ encoding: 'UCS2', segments: 2 });
      const smart = ok(await post('/api/messages/send', { to: NG, text, smart_encoding: true }));
      expect(smart).to.include({ encoding: 'GSM7', segments: 1 });
      expect(ok(await api.request('GET', `/api/messages/${smart.id}`, { key }))).to.include({ text: `${straight}${'a'.repeat(80)}`, original_text: text, encoding: 'GSM7' });
      expect(ok(await api.request('GET', `/api/messages/${plain.id}`, { key }))).to.include({ text, original_text: null });
    });

    it('leaves a text that stays UCS-2 (an emoji) as given', async () => {
      const sent = ok(await post('/api/messages/send', { to: KE, text: 'It’s done 👍', smart_encoding: true }));
      expect(sent.encoding).to.equal('UCS2');
      expect(ok(await api.request('GET', `/api/messages/${sent.id}`, { key }))).to.include({ text: 'It’s done 👍', original_text: null });
    });

    it("the account default applies when a request does not say, and a request's false wins over it", async () => {
      expect(ok(await api.request('GET', '/api/settings/sms', { key }))).to.deep.equal({ smart_encoding: false, quiet_hours: {} });
      expect(ok(await api.request('PATCH', '/api/settings/sms', { key, body: { smart_encoding: true } }))).to.include({ smart_encoding: true });
      try {
        const byDefault = ok(await post('/api/messages/send', { to: KE, text: `${curly}default` }));
        expect(byDefault.encoding).to.equal('GSM7');
        const refused = ok(await post('/api/messages/send', { to: KE, text: `${curly}refused`, smart_encoding: false }));
        expect(refused.encoding).to.equal('UCS2');
        const quote = ok(await post('/api/messages/rate', { to: KE, text: curly }));
        expect(quote).to.include({ encoding: 'GSM7', smart_encoded_text: straight, gsm7_alternative: null });
      } finally {
        ok(await api.request('PATCH', '/api/settings/sms', { key, body: { smart_encoding: false } }));
      }
    });

    it('bulk: the pre-check prices what smart encoding sends, and each member keeps its original text', async () => {
      const body = { text: 'Hi {{name}}, it’s your turn…', recipients: [{ to: KE, name: 'Amina' }, { to: NG, name: 'François' }], smart_encoding: true };
      const precheck = ok(await post('/api/messages/bulk-precheck', body));
      expect(precheck).to.include({ total_segments: 2, gsm7_alternative: null });
      const accepted = ok(await post('/api/messages/send-bulk', body));
      expect(accepted.estimated_cost).to.equal(precheck.total_cost);
      const written = await Promise.all((await batchMembers(accepted.batch_id)).map(async (m: { id: string }) => ok(await api.request('GET', `/api/messages/${m.id}`, { key }))));
      expect(written.map((m) => [m.phone, m.text, m.original_text, m.encoding]).sort()).to.deep.equal([
        [NG, "Hi FranÇois, it's your turn...", 'Hi François, it’s your turn…', 'GSM7'],
        [KE, "Hi Amina, it's your turn...", 'Hi Amina, it’s your turn…', 'GSM7'],
      ].sort());
    });

    it('a malformed smart_encoding is a 422 naming the field', async () => {
      const res = await post('/api/messages/send', { to: KE, text: 'Hi', smart_encoding: 'yes' });
      expect(res.status).to.equal(422);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).to.include('smart_encoding');
    });
  });
});
