import { expect } from 'chai';
import { currency } from '@tuma/kernel';
import { FakeClock } from '@tuma/kernel/testing';
import { InMemoryBatchRepository, InMemoryMessageRepository } from '../src/testing/index.ts';
import { deliveryRate, GetMessageStats, GetMessageVolume, GetReportBreakdown, GetRouteHealth, ReportWindow, type ReportScope } from '../src/reports.ts';
import { InMemoryMessageReports } from '../src/testing/index.ts';
import { reportMessage } from '../src/testing/contracts.ts';

const NOW = new Date('2026-11-21T10:30:00.000Z');
const DAY = 86_400_000;
const scope: ReportScope = { accountId: 'acc_a', environment: 'live', currency: currency('USD') };

describe('report windows', () => {
  it('default to the 30 days before now, or before the date_to given', () => {
    const window = ReportWindow.create({}, NOW)._unsafeUnwrap();
    expect([window.from, window.to]).to.deep.equal([new Date(NOW.getTime() - 30 * DAY), NOW]);
    const to = new Date('2026-10-01T00:00:00.000Z');
    expect(ReportWindow.create({ to }, NOW)._unsafeUnwrap().from).to.deep.equal(new Date('2026-09-01T00:00:00.000Z'));
    expect(ReportWindow.create({ from: to }, NOW)._unsafeUnwrap().to).to.deep.equal(NOW);
  });

  it('refuse reversed or empty windows on date_to, and windows over 366 days on date_from', () => {
    const from = new Date('2026-11-01T00:00:00.000Z');
    expect(ReportWindow.create({ from, to: new Date('2026-10-31T00:00:00.000Z') }, NOW)._unsafeUnwrapErr().details).to.deep.equal([{ path: 'date_to', message: 'Must be later than date_from' }]);
    expect(ReportWindow.create({ from, to: from }, NOW)._unsafeUnwrapErr().details[0]!.path).to.equal('date_to');
    expect(ReportWindow.create({ from, to: new Date(from.getTime() + 366 * DAY) }, NOW).isOk()).to.equal(true);
    expect(ReportWindow.create({ from, to: new Date(from.getTime() + 366 * DAY + 1) }, NOW)._unsafeUnwrapErr().details[0]!.path).to.equal('date_from');
  });

  it('of the last days are whole UTC days, today included, 1 to 90 of them', () => {
    const window = ReportWindow.lastDays(3, NOW)._unsafeUnwrap();
    expect([window.from.toISOString(), window.to.toISOString()]).to.deep.equal(['2026-11-19T00:00:00.000Z', '2026-11-22T00:00:00.000Z']);
    expect(window.days()).to.deep.equal(['2026-11-19', '2026-11-20', '2026-11-21']);
    expect([window.firstDay, window.lastDay]).to.deep.equal(['2026-11-19', '2026-11-21']);
    expect(ReportWindow.lastDays(90, NOW)._unsafeUnwrap().days()).to.have.length(90);
    for (const days of [0, 91, 1.5, Number.NaN]) expect(ReportWindow.lastDays(days, NOW)._unsafeUnwrapErr().details[0]!.path, String(days)).to.equal('days');
  });
});

describe('delivery rate', () => {
  it('is delivered over delivered and failed, to 4 decimals, and null without outcomes', () => {
    expect(deliveryRate(2, 1)).to.equal(0.6667);
    expect(deliveryRate(1, 0)).to.equal(1);
    expect(deliveryRate(0, 3)).to.equal(0);
    expect(deliveryRate(0, 0)).to.equal(null);
  });
});

describe('report use cases', () => {
  let messages: InMemoryMessageRepository;
  let reports: InMemoryMessageReports;
  const clock = new FakeClock(NOW);
  beforeEach(() => {
    messages = new InMemoryMessageRepository();
    reports = new InMemoryMessageReports(messages, new InMemoryBatchRepository());
  });

  it('stats count the window asked for, and refuse a bad one', async () => {
    await messages.add([
      reportMessage({ account: 'acc_a', createdAt: '2026-11-20T10:00:00.000Z', outcome: 'delivered' }),
      reportMessage({ account: 'acc_a', createdAt: '2026-10-01T10:00:00.000Z', outcome: 'delivered' }),
    ]);
    const stats = new GetMessageStats(reports, clock);
    expect((await stats.execute({ scope }))._unsafeUnwrap().totals.counts.delivered).to.equal(1);
    expect((await stats.execute({ scope, from: new Date('2026-09-01T00:00:00.000Z') }))._unsafeUnwrap().totals.counts.delivered).to.equal(2);
    expect((await stats.execute({ scope, from: NOW, to: NOW }))._unsafeUnwrapErr().type).to.equal('validation_error');
  });

  it('volume gives one entry per day and refuses days outside 1-90', async () => {
    const volume = new GetMessageVolume(reports, clock);
    expect((await volume.execute({ scope, days: 14 }))._unsafeUnwrap().daily).to.have.length(14);
    expect((await volume.execute({ scope, days: 91 }))._unsafeUnwrapErr().details[0]!.path).to.equal('days');
  });

  it('the breakdown refuses a campaign limit outside 1-500', async () => {
    const breakdown = new GetReportBreakdown(reports, clock);
    expect((await breakdown.execute({ scope, limit: 500 })).isOk()).to.equal(true);
    expect((await breakdown.execute({ scope, limit: 501 }))._unsafeUnwrapErr().details[0]!.path).to.equal('limit');
  });

  it('route health shows the platform figures of a route over 10 outcomes or more only, for the last 60 minutes', async () => {
    const sent = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000).toISOString();
    const outcomes = (country: 'KE' | 'NG', delivered: number, failed: number) => [
      ...Array.from({ length: delivered }, (_, i) => reportMessage({ account: 'acc_b', createdAt: sent(30), sentAt: sent(i + 1), outcome: 'delivered', country })),
      ...Array.from({ length: failed }, (_, i) => reportMessage({ account: 'acc_b', createdAt: sent(30), sentAt: sent(i + 1), outcome: 'failed_by_carrier', country })),
    ];
    await messages.add([
      ...outcomes('KE', 8, 2),
      ...outcomes('NG', 7, 2),
      reportMessage({ account: 'acc_b', createdAt: sent(30), sentAt: sent(5), outcome: 'submitted', country: 'NG' }),
      reportMessage({ account: 'acc_b', createdAt: sent(90), sentAt: sent(61), outcome: 'delivered', country: 'NG' }),
    ]);
    const health = (await new GetRouteHealth(reports, clock).execute(scope))._unsafeUnwrap();
    expect([health.window.from, health.window.to]).to.deep.equal([new Date(NOW.getTime() - 3_600_000), NOW]);
    expect(health.routes.map((r) => [r.routeCode, r.platform?.delivered ?? null])).to.deep.equal([
      ['SVC_KE', 8],
      ['SVC_NG', null],
    ]);
    expect(health.routes[0]!.account.attempted).to.equal(0);
  });
});
