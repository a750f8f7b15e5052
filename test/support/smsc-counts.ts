/**
 * What the process tests of SMS dispatch count at an SMSC of their own (FakeSmsc, in the test
 * process: never killed): the numbers that got a message more than once, and whether only the
 * submissions in flight at a kill or an outage were sent again (docs/reliability.md).
 */
import { expect } from 'chai';
import { DISPATCH_IN_FLIGHT_MAX } from '@tuma/messaging';
import type { FakeSmsc } from '../../adapters/carriers/test/support/fake-smsc.ts';

/** A server's carrier settings for `smsc`: SMPP, no throughput cap at the bind, 1,500/s per route (the SMPP suites and the kill tests). */
export const smppEnv = (smsc: FakeSmsc) => ({
  CARRIER_GATEWAY: 'smpp',
  SMPP_HOST: '127.0.0.1',
  SMPP_PORT: String(smsc.port),
  SMPP_SYSTEM_ID: 'tuma',
  SMPP_PASSWORD: 'secret',
  SMPP_THROUGHPUT_PER_SECOND: '0',
  ROUTE_THROUGHPUT_PER_SECOND: '1500',
  ROUTE_THROUGHPUT: '',
});

/** `n` distinct E.164 numbers after `prefix`. */
export const phones = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`);

/** The SMSC has submitted every one of `numbers` at least once. */
export const everyNumberReached = (smsc: FakeSmsc, numbers: readonly string[]) => {
  const reached = smsc.submitsByDestination();
  return numbers.every((to) => reached.has(to.slice(1)));
};

/**
 * The numbers sent twice are at most DISPATCH_IN_FLIGHT_MAX per process cut off, each first
 * submitted within `recentMs` before the cut (`at`, performance.now()); none thrice; every number
 * reached. Prints what it counted.
 */
export function expectSentAgainOnlyInFlight(smsc: FakeSmsc, cut: { readonly at: number; readonly processes: number; readonly what: string }, numbers: readonly string[], recentMs = 250): void {
  const twice = [...smsc.submitsByDestination()].filter(([, submits]) => submits.length > 1).map(([to, submits]) => ({ to, count: submits.length, firstAt: submits[0]!.at }));
  const ages = twice.map((d) => Math.round(cut.at - d.firstAt));
  console.log(`      ${smsc.submits.length} submit_sm for ${numbers.length} numbers; ${twice.length} numbers twice${twice.length ? `, first submitted ${Math.min(...ages)} to ${Math.max(...ages)} ms before the ${cut.what}` : ''}`);
  expect(twice.filter((d) => d.count > 2), 'numbers submitted more than twice').to.deep.equal([]);
  expect(twice.length, 'numbers submitted twice').to.be.at.most(DISPATCH_IN_FLIGHT_MAX * cut.processes);
  for (const d of twice) expect(cut.at - d.firstAt, `${d.to}: first submitted within the last ${recentMs} ms before the ${cut.what}`).to.be.below(recentMs);
  expect(everyNumberReached(smsc, numbers), 'every number submitted').to.equal(true);
}
