import { referrerHost, utcDay, type Click, type RawClick } from '../../domain/clicks/click.ts';
import type { CountryLookup } from './country-lookup.port.ts';
import type { VisitorKeys } from './visitor-keys.port.ts';
import type { VisitorProfiler } from './visitor-profiler.port.ts';

/** Turns what a redirect saw into what is kept: country, device, browser, referrer host, bot flag and the visitor key (never the address). */
export class ClickClassifier {
  constructor(
    private readonly profiler: VisitorProfiler,
    private readonly countries: CountryLookup,
    private readonly visitors: VisitorKeys,
  ) {}

  classify(raw: RawClick): Click {
    const { device, browser, bot } = this.profiler.profile(raw.userAgent);
    return {
      linkId: raw.linkId,
      ...(raw.link ? { link: raw.link } : {}),
      at: raw.at,
      country: this.countries.countryOf(raw.address),
      device,
      browser,
      referrer: referrerHost(raw.referer),
      bot,
      visitor: this.visitors.keyOf(utcDay(raw.at), raw.address, raw.userAgent),
    };
  }
}
