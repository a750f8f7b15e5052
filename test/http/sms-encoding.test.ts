import { expect } from 'chai';
import { codePointLabel, explainEncoding, segmentMessage } from '@tuma/messaging';
import { TWILIO_CALCULATOR_CORPUS } from '@tuma/messaging/testing';
import { databaseKind } from '../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../support/test-server.ts';
import { ok } from '../support/responses.ts';

const KE = '+254712345678';
const NG = '+2348021234567';

describe(`HTTP SMS encoding: quotes that explain UCS-2, smart encoding, on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  let key: string;
  let accountId: string;

  const post = (path: string, body: unknown) => api.request('POST', path, { key, body });

  before(async () => {
    api = await startTestServer({ SIMULATOR_LATENCY_MS: '5-30', SIMULATOR_OUTCOMES: 'delivered=1,failed=0,expired=0,refused=0' });
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
});
