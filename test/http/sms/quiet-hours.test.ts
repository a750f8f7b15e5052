import { expect } from 'chai';
import { FakeClock } from '@tuma/kernel/testing';
import { databaseKind } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';
import { ADMIN_KEY, startTestServer, type TestServer, SIMULATOR_DELIVERS_ALL } from '../../support/test-server.ts';
import { ok, refused } from '../../support/responses.ts';

const NG = '+2348021234567'; // Africa/Lagos, UTC+1: promotional 08:00-20:00
const KE = '+254712345678'; // Africa/Nairobi, UTC+3: 07:00-19:00
const ZA = '+27821234567'; // Africa/Johannesburg, UTC+2: weekdays 08:00-20:00, Saturday 09:00-13:00, not Sunday

/** Monday 2 March 2026, 05:30Z: 06:30 in Lagos (quiet), 08:30 in Nairobi (open), 07:30 in Johannesburg (quiet). */
const MONDAY_0530 = '2026-03-02T05:30:00.000Z';
const ZA_OPENS = '2026-03-02T06:00:00.000Z';
const NG_OPENS = '2026-03-02T07:00:00.000Z';

describe(`HTTP quiet hours per market, on ${databaseKind()}`, function () {
  this.timeout(90_000);
  let api: TestServer;
  let key: string;
  let accountId: string;
  const clock = new FakeClock(MONDAY_0530);

  const post = (path: string, body: unknown, k = key) => api.request('POST', path, { key: k, body });
  const message = async (id: string) => ok(await api.request('GET', `/api/messages/${id}`, { key }));
  const members = async (batchId: string) => ok(await api.request('GET', `/api/messages/batch/${batchId}`, { key })).messages as { id: string; phone: string; status: string }[];

  before(async () => {
    api = await startTestServer({ SIMULATOR_LATENCY_MS: '5-30', SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL }, { clock });
    key = api.started.demo!.liveKey;
    accountId = api.started.demo!.accountId;
    ok(await api.request('POST', `/api/admin/balances/${accountId}/credit`, { key: ADMIN_KEY, body: { amount: 50, reason: 'test credit', reference: 'quiet-hours-suite' } }));
  });
  after(async () => api.stop());
  beforeEach(() => clock.set(MONDAY_0530));

  it('the operator reads and changes a market (time zones, promotional hours), every bad field named', async () => {
    const { markets } = ok(await api.request('GET', '/api/admin/quiet-hours', { key: ADMIN_KEY }));
    expect(markets).to.have.length(54);
    expect(markets.find((m: { country_code: string }) => m.country_code === 'ZA')).to.deep.include({
      time_zones: ['Africa/Johannesburg'],
      promotional_hours: { mon: '08:00-20:00', tue: '08:00-20:00', wed: '08:00-20:00', thu: '08:00-20:00', fri: '08:00-20:00', sat: '09:00-13:00', sun: null },
    });
    expect(markets.find((m: { country_code: string }) => m.country_code === 'CD').time_zones).to.deep.equal(['Africa/Kinshasa', 'Africa/Lubumbashi']);

    const bad = await api.request('PATCH', '/api/admin/quiet-hours/GH', { key: ADMIN_KEY, body: { time_zones: ['Africa/Atlantis'], promotional_hours: { mon: '20:00-08:00' } } });
    refused(bad, 422, 'validation_error');
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).to.include.members(['time_zones.0', 'promotional_hours.mon', 'promotional_hours.sun']);
    refused(await api.request('PATCH', '/api/admin/quiet-hours/XX', { key: ADMIN_KEY, body: { promotional_hours: null } }), 404, 'not_found');
    refused(await api.request('PATCH', '/api/admin/quiet-hours/GH', { key, body: { promotional_hours: null } }), 403, 'insufficient_scope');

    const gh = ok(await api.request('PATCH', '/api/admin/quiet-hours/gh', { key: ADMIN_KEY, body: { promotional_hours: '08:00-20:00' } }));
    expect(gh).to.deep.include({ country_code: 'GH', time_zones: ['Africa/Accra'] });
    expect(gh.promotional_hours.sun).to.equal('08:00-20:00');
    expect(gh.updated_by).to.match(/^key:/);
    ok(await api.request('PATCH', '/api/admin/quiet-hours/GH', { key: ADMIN_KEY, body: { promotional_hours: null } }));
  });

  it('a promotional send in quiet hours is scheduled for their end, or refused with quiet_hours "reject"; transactional traffic never waits', async () => {
    const deferred = ok(await post('/api/messages/send', { to: NG, text: 'Weekend sale: 20% off', category: 'promotional' }));
    expect(deferred).to.include({ deferred_by_quiet_hours: true, scheduled_at: NG_OPENS, status: 'sent' });
    expect(await message(deferred.id)).to.include({ status: 'queued', category: 'promotional', scheduled_at: NG_OPENS });

    const rejected = await post('/api/messages/send', { to: NG, text: 'Flash sale now', category: 'promotional', quiet_hours: 'reject' });
    refused(rejected, 422, 'quiet_hours');
    expect(rejected.body.error).to.include({ next_opening: NG_OPENS });
    expect(rejected.body.error.countries).to.deep.equal(['NG']);
    const unroutable = await post('/api/messages/send', { to: NG, text: 'Flash sale now', category: 'promotional', quiet_hours: 'reject', route: 'SVC_KE' });
    refused(unroutable, 400, 'unroutable');

    const transactional = ok(await post('/api/messages/send', { to: NG, text: 'Your order KE-1042 has shipped' }));
    expect(transactional).to.include({ deferred_by_quiet_hours: false, scheduled_at: null });
    const open = ok(await post('/api/messages/send', { to: KE, text: 'Weekend sale in Nairobi', category: 'promotional' }));
    expect(open).to.include({ deferred_by_quiet_hours: false, scheduled_at: null });
  });

  it('a scheduled promotional send due in quiet hours waits for them too (Sunday in South Africa: Monday 08:00)', async () => {
    clock.set('2026-03-07T10:00:00.000Z'); // Saturday
    const sent = ok(await post('/api/messages/send', { to: ZA, text: 'Sunday special', category: 'promotional', schedule_mode: 'scheduled', scheduled_at: '2026-03-08T08:00:00Z' }));
    expect(sent).to.include({ deferred_by_quiet_hours: true, scheduled_at: '2026-03-09T06:00:00.000Z' });
  });

  it("an account override replaces the market's hours (operators only); an unknown account is 404", async () => {
    refused(await api.request('PATCH', '/api/admin/accounts/acc_unknown/sms-settings', { key: ADMIN_KEY, body: { quiet_hours: { NG: null } } }), 404, 'not_found');
    refused(await api.request('PATCH', '/api/settings/sms', { key, body: { quiet_hours: { NG: null } } }), 422, 'validation_error');
    const settings = ok(await api.request('PATCH', `/api/admin/accounts/${accountId}/sms-settings`, { key: ADMIN_KEY, body: { quiet_hours: { ng: '06:00-21:00' } } }));
    expect(settings.quiet_hours.NG.mon).to.equal('06:00-21:00');
    try {
      const sent = ok(await post('/api/messages/send', { to: NG, text: 'Early bird offer', category: 'promotional' }));
      expect(sent).to.include({ deferred_by_quiet_hours: false, scheduled_at: null });
    } finally {
      ok(await api.request('PATCH', `/api/admin/accounts/${accountId}/sms-settings`, { key: ADMIN_KEY, body: { quiet_hours: {} } }));
    }
  });

  it('a promotional bulk across three time zones: each member deferred to its own opening, handed to the carrier only once the clock gets there', async () => {
    const accepted = ok(await post('/api/messages/send-bulk', { text: 'Hi {{name}}, our sale starts today', category: 'promotional', recipients: [{ to: NG, name: 'Chidi' }, { to: KE, name: 'Amina' }, { to: ZA, name: 'Thabo' }] }));
    expect(accepted).to.include({ status: 'sending', total_recipients: 3, deferred_by_quiet_hours: true });
    expect(accepted.quiet_hours_deferrals).to.deep.equal([
      { country: 'ZA', scheduled_at: ZA_OPENS, recipients: 1 },
      { country: 'NG', scheduled_at: NG_OPENS, recipients: 1 },
    ]);
    const byPhone = async () => Object.fromEntries((await members(accepted.batch_id)).map((m) => [m.phone, m]));
    // Nairobi is open: delivered at once; the other two stay queued however often their jobs come round.
    await until('the Kenyan member delivered', byPhone, (m) => m[KE]?.status === 'delivered');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    let now = await byPhone();
    expect([now[NG]!.status, now[ZA]!.status]).to.deep.equal(['queued', 'queued']);
    expect((await message(now[ZA]!.id)).scheduled_at).to.equal(ZA_OPENS);

    clock.set(ZA_OPENS);
    now = await until('the South African member delivered', byPhone, (m) => m[ZA]?.status === 'delivered');
    expect(now[NG]!.status).to.equal('queued');
    expect((await message(now[ZA]!.id)).submitted_at).to.equal(ZA_OPENS);

    clock.set(NG_OPENS);
    now = await until('the Nigerian member delivered', byPhone, (m) => m[NG]?.status === 'delivered');
    expect((await message(now[NG]!.id)).submitted_at).to.equal(NG_OPENS);
  });

  it('a bulk with quiet_hours "reject" is refused whole, nothing charged', async () => {
    const before = ok(await api.request('GET', '/api/balance', { key })).balance;
    const res = await post('/api/messages/send-bulk', { text: 'Sale', category: 'promotional', quiet_hours: 'reject', recipients: [{ to: NG }, { to: KE }, { to: ZA }] });
    refused(res, 422, 'quiet_hours');
    expect(res.body.error).to.deep.include({ countries: ['NG', 'ZA'], next_opening: ZA_OPENS });
    expect(ok(await api.request('GET', '/api/balance', { key })).balance).to.equal(before);
  });
});
