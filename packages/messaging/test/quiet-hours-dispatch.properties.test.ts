import { expect } from 'chai';
import fc from 'fast-check';
import { FxRate } from '@tuma/billing';
import { isPromotionalTime, MARKET_TIME_ZONES, zonesOfNumber, type PromotionalHours } from '../src/index.ts';
import { LIVE, sendingWorld } from './support/sending-world.ts';

/** Recipients in zones with and without summer time (Cairo) and with Morocco's Ramadan change. */
const NUMBERS = { NG: '+2348021234567', KE: '+254712345678', ZA: '+27821234567', EG: '+201001234567', MA: '+212612345678' } as const;
type Country = keyof typeof NUMBERS;
const COUNTRIES = Object.keys(NUMBERS) as Country[];
const COUNTRY_OF = new Map<string, Country>(Object.entries(NUMBERS).map(([country, phone]) => [phone, country as Country]));

/** Starts just before Egypt's and Morocco's clock changes of 2026, and an ordinary week. */
const STARTS = ['2026-04-23T18:00:00Z', '2026-10-29T17:00:00Z', '2026-02-14T19:00:00Z', '2026-03-21T19:00:00Z', '2026-06-10T03:00:00Z'];
const HOUR = 3_600_000;

const window = fc.tuple(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 4, max: 40 })).map(([start, length]) => ({ start: start * 15, end: Math.min(1440, (start + length) * 15) }));
const hours: fc.Arbitrary<PromotionalHours> = fc.array(fc.option(window, { nil: null, freq: 5 }), { minLength: 7, maxLength: 7 }).filter((week) => week.some((day) => day !== null));

type Send =
  | { kind: 'single'; country: Country; afterMinutes: number; scheduledInMinutes: number | null }
  | { kind: 'bulk'; countries: Country[]; afterMinutes: number; dripRate: number | null };

const send: fc.Arbitrary<Send> = fc.oneof(
  fc.record({ kind: fc.constant('single' as const), country: fc.constantFrom(...COUNTRIES), afterMinutes: fc.integer({ min: 0, max: 2000 }), scheduledInMinutes: fc.option(fc.integer({ min: 5, max: 3000 }), { nil: null }) }),
  fc.record({ kind: fc.constant('bulk' as const), countries: fc.subarray(COUNTRIES, { minLength: 1 }), afterMinutes: fc.integer({ min: 0, max: 2000 }), dripRate: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }) }),
);

describe('quiet hours at dispatch', () => {
  it('law: no promotional message is handed to a carrier inside its recipient quiet hours, across zones and summer time, and every one goes in the end', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...STARTS), fc.record(Object.fromEntries(COUNTRIES.map((c) => [c, hours])) as Record<Country, fc.Arbitrary<PromotionalHours>>), fc.array(send, { minLength: 1, maxLength: 6 }), fc.array(fc.integer({ min: 1, max: 180 }), { minLength: 40, maxLength: 40 }), async (start, marketHours, sends, steps) => {
        const world = await sendingWorld();
        world.clock.set(start);
        for (const [to, rate] of [['ZAR', '18'], ['EGP', '48'], ['MAD', '10']] as const) await world.fxRates.set(FxRate.set({ from: 'USD', to, rate }, world.clock.now())._unsafeUnwrap());
        for (const country of COUNTRIES) await world.quietHours.update(country, { promotionalHours: marketHours[country] }, 'test', world.clock.now());
        await world.fund('1000');

        const pending = [...sends].sort((a, b) => a.afterMinutes - b.afterMinutes);
        const handedAt: { phone: string; at: Date }[] = [];
        let accepted = 0;
        let seen = 0;
        const runJobs = async () => {
          await world.jobs.runDue();
          for (const submission of world.live.submissions.slice(seen)) handedAt.push({ phone: submission.to, at: world.clock.now() });
          seen = world.live.submissions.length;
        };
        const startMs = world.clock.now().getTime();
        let stepIndex = 0;
        let sendIndex = 0;
        // Up to 40 irregular steps of the clock, then whole hours for 9 days so that everything can go.
        while (world.clock.now().getTime() < startMs + 11 * 24 * HOUR) {
          while (sendIndex < pending.length && startMs + pending[sendIndex]!.afterMinutes * 60_000 <= world.clock.now().getTime()) {
            const next = pending[sendIndex]!;
            const text = `Sale ${sendIndex}`;
            if (next.kind === 'single') {
              const scheduled = next.scheduledInMinutes === null ? {} : { scheduleMode: 'scheduled' as const, scheduledAt: new Date(world.clock.now().getTime() + next.scheduledInMinutes * 60_000) };
              const sent = await world.send.execute({ sender: LIVE, to: NUMBERS[next.country], text, scheduleMode: 'now', ...scheduled, category: 'promotional' });
              expect(sent.isOk(), sent.isErr() ? sent.error.message : "").to.equal(true);
              accepted += 1;
            } else {
              const batch = await world.sendBulk.execute({
                sender: LIVE,
                recipients: next.countries.map((c) => ({ to: NUMBERS[c] })),
                text,
                scheduleMode: next.dripRate === null ? 'now' : 'drip',
                dripRate: next.dripRate ?? undefined,
                category: 'promotional',
              });
              expect(batch.isOk(), batch.isErr() ? batch.error.message : "").to.equal(true);
              accepted += next.countries.length;
            }
            sendIndex++;
          }
          await runJobs();
          world.clock.advance(stepIndex < steps.length ? steps[stepIndex]! * 60_000 : HOUR);
          stepIndex++;
        }
        await runJobs();

        for (const { phone, at } of handedAt) {
          const country = COUNTRY_OF.get(phone)!;
          const policy = { hours: marketHours[country], zones: zonesOfNumber(phone, country, MARKET_TIME_ZONES[country]!) };
          expect(isPromotionalTime(policy, at), `${country} at ${at.toISOString()}`).to.equal(true);
        }
        expect(handedAt.length).to.equal(accepted);
      }),
      { numRuns: 40 },
    );
  });
});
