import type { CountryLookup } from '@tuma/links';
import geoip from 'geoip-country';

/**
 * Countries from geoip-country: MaxMind's GeoLite2 country data shipped inside the npm package and
 * read into memory once (about 8 MB, no network). Private and unknown addresses are null; an
 * IPv4-mapped IPv6 address is looked up as its IPv4.
 */
export class GeoipCountryLookup implements CountryLookup {
  countryOf(address: string): string | null {
    const ip = address.startsWith('::ffff:') ? address.slice(7) : address;
    return geoip.lookup(ip)?.country ?? null;
  }
}
