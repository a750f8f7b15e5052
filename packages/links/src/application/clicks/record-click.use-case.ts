import type { Clock } from '@tuma/kernel';
import { referrerHost, utcDay } from '../../domain/clicks/click.ts';
import type { ClickBuffer } from './click-buffer.ts';
import type { CountryLookup } from './country-lookup.port.ts';
import type { VisitorKeys } from './visitor-keys.port.ts';
import type { VisitorProfiler } from './visitor-profiler.port.ts';

/** What a redirect knows of its visitor: the client address (the proxy's header only with TRUST_PROXY), User-Agent and Referer. */
export interface Visit {
  readonly address: string;
  readonly userAgent: string;
  readonly referer: string | undefined;
}

/** Classifies a click and hands it to the buffer: no I/O on the request path (the GeoIP data is in memory). */
export class RecordClick {
  constructor(
    private readonly buffer: ClickBuffer,
    private readonly profiler: VisitorProfiler,
    private readonly countries: CountryLookup,
    private readonly visitors: VisitorKeys,
    private readonly clock: Clock,
  ) {}

  execute(linkId: string, visit: Visit): void {
    const at = this.clock.now();
    const { device, browser, bot } = this.profiler.profile(visit.userAgent);
    this.buffer.record({
      linkId,
      at,
      country: this.countries.countryOf(visit.address),
      device,
      browser,
      referrer: referrerHost(visit.referer),
      bot,
      visitor: this.visitors.keyOf(utcDay(at), visit.address, visit.userAgent),
    });
  }
}
