import { expect } from 'chai';
import fc from 'fast-check';
import { everyDay, isPromotionalTime, nextPromotionalTime, parsePromotionalHours, type DailyWindow, type PromotionalHours } from '../src/quiet-hours.ts';

/** Zones with and without summer time, half- and three-quarter-hour offsets, and Morocco's Ramadan change. */
const ZONES = ['Africa/Lagos', 'Africa/Nairobi', 'Africa/Johannesburg', 'Africa/Cairo', 'Africa/Casablanca', 'Africa/Kinshasa', 'Africa/Lubumbashi', 'Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kathmandu'];
const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The oracle: another Intl path (a weekday name and a 24-hour clock read off a formatted string). */
const oracleFormatters = new Map(ZONES.map((zone) => [zone, new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })]));
function oracleAllows(hours: PromotionalHours, zones: readonly string[], instant: number): boolean {
  return zones.every((zone) => {
    const [day, time] = oracleFormatters.get(zone)!.format(new Date(instant)).split(' ');
    const [h, m] = time!.split(':').map(Number);
    const window = hours[DAY_NAMES.indexOf(day!.replace(',', ''))];
    const minutes = h! * 60 + m!;
    return window != null && minutes >= window.start && minutes < window.end;
  });
}

const from = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2028-01-01T00:00:00Z'), noInvalidDate: true });
const zones = fc.subarray(ZONES, { minLength: 1, maxLength: 2 });
/** Windows on the quarter hour; `opensAfter` keeps openings out of the small hours where clocks change. */
const window = (opensAfter: number): fc.Arbitrary<DailyWindow> =>
  fc.tuple(fc.integer({ min: opensAfter / 15, max: 88 }), fc.integer({ min: 4, max: 40 })).map(([start, length]) => ({ start: start * 15, end: Math.min(1440, (start + length) * 15) }));
const hours = (opensAfter: number): fc.Arbitrary<PromotionalHours> =>
  fc.oneof(window(opensAfter).map(everyDay), fc.array(fc.option(window(opensAfter), { nil: null, freq: 3 }), { minLength: 7, maxLength: 7 }));

describe('quiet hours: promotional hours across time zones and summer time', () => {
  it('law: the next promotional time is at or after the instant and inside the hours in every zone (oracle: another Intl reading)', () => {
    fc.assert(
      fc.property(hours(0), zones, from, (h, z, instant) => {
        const next = nextPromotionalTime({ hours: h, zones: z }, instant);
        if (next === null) {
          // Only when the hours never open together in these zones: nothing in the next 8 days is promotional time.
          for (let t = instant.getTime(); t < instant.getTime() + 8 * 86_400_000; t += 900_000) expect(oracleAllows(h, z, t)).to.equal(false);
          return;
        }
        expect(next.getTime()).to.be.at.least(instant.getTime());
        expect(oracleAllows(h, z, next.getTime()), `${next.toISOString()} in ${z.join(', ')}`).to.equal(true);
      }),
      { numRuns: 400 },
    );
  });

  it('law: nothing earlier is promotional time (sampled every 15 minutes), and a single zone always opens within 8 days', () => {
    fc.assert(
      fc.property(hours(5 * 60), fc.constantFrom(...ZONES), from, (h, zone, instant) => {
        const next = nextPromotionalTime({ hours: h, zones: [zone] }, instant);
        if (h.every((w) => w === null)) return;
        expect(next).to.not.equal(null);
        expect(next!.getTime() - instant.getTime()).to.be.at.most(8 * 86_400_000);
        const firstQuarter = Math.ceil(instant.getTime() / 900_000) * 900_000;
        for (let t = firstQuarter; t < next!.getTime(); t += 900_000) expect(oracleAllows(h, [zone], t), new Date(t).toISOString()).to.equal(false);
      }),
      { numRuns: 60 },
    );
  });

  it('isPromotionalTime agrees with the oracle', () => {
    fc.assert(
      fc.property(hours(0), zones, from, (h, z, instant) => {
        expect(isPromotionalTime({ hours: h, zones: z }, instant)).to.equal(oracleAllows(h, z, instant.getTime()));
      }),
      { numRuns: 500 },
    );
  });

  it('Cairo in summer time (UTC+3) and winter (UTC+2): 08:00-20:00 opens at 05:00Z and 06:00Z', () => {
    const policy = { hours: parsePromotionalHours('08:00-20:00', 'h')._unsafeUnwrap(), zones: ['Africa/Cairo'] };
    expect(nextPromotionalTime(policy, new Date('2026-07-15T02:00:00Z'))!.toISOString()).to.equal('2026-07-15T05:00:00.000Z');
    expect(nextPromotionalTime(policy, new Date('2026-01-15T02:00:00Z'))!.toISOString()).to.equal('2026-01-15T06:00:00.000Z');
  });

  it('a number in either of two zones waits until both are in the window (Kinshasa UTC+1, Lubumbashi UTC+2)', () => {
    const policy = { hours: everyDay({ start: 8 * 60, end: 20 * 60 }), zones: ['Africa/Kinshasa', 'Africa/Lubumbashi'] };
    // 06:30Z is 07:30 in Kinshasa (closed) and 08:30 in Lubumbashi (open): it opens at 07:00Z; 18:30Z is 20:30 in Lubumbashi.
    expect(nextPromotionalTime(policy, new Date('2026-03-02T06:30:00Z'))!.toISOString()).to.equal('2026-03-02T07:00:00.000Z');
    expect(isPromotionalTime(policy, new Date('2026-03-02T18:30:00Z'))).to.equal(false);
  });

  it('reads "HH:MM-HH:MM" and weekday objects, refusing the malformed with the field named', () => {
    expect(parsePromotionalHours({ mon: '08:00-20:00', tue: '08:00-20:00', wed: '08:00-20:00', thu: '08:00-20:00', fri: '08:00-20:00', sat: '09:00-13:00', sun: null }, 'h')._unsafeUnwrap()[5]).to.deep.equal({ start: 540, end: 780 });
    expect(parsePromotionalHours('20:00-08:00', 'promotional_hours')._unsafeUnwrapErr()[0]!.path).to.equal('promotional_hours');
    expect(parsePromotionalHours({ mon: '8-20' }, 'h')._unsafeUnwrapErr().map((i) => i.path)).to.include.members(['h.mon', 'h.tue', 'h.sun']);
    expect(parsePromotionalHours({ funday: null }, 'h')._unsafeUnwrapErr().map((i) => i.path)).to.include('h.funday');
  });
});
