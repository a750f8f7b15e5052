import { expect } from 'chai';
import { AFRICAN_MARKETS } from '../src/catalogue.ts';
import { DEFAULT_PROMOTIONAL_HOURS, isKnownTimeZone, MARKET_TIME_ZONES, zonesOfNumber } from '../src/quiet-hours.ts';

describe('quiet-hours data', () => {
  it('every one of the 54 markets has IANA time zones Intl knows, and only they', () => {
    expect(Object.keys(MARKET_TIME_ZONES).sort()).to.deep.equal(AFRICAN_MARKETS.map((m) => m.countryCode).sort());
    for (const [country, zones] of Object.entries(MARKET_TIME_ZONES)) {
      expect(zones.length, country).to.be.at.least(1);
      for (const zone of zones) expect(isKnownTimeZone(zone), `${country} ${zone}`).to.equal(true);
    }
    expect(isKnownTimeZone('Africa/Atlantis')).to.equal(false);
  });

  it("a DR Congo number is read in its prefix's zone when libphonenumber knows it, else in both", () => {
    const zones = MARKET_TIME_ZONES.CD!;
    expect(zonesOfNumber('+243123456789', 'CD', zones)).to.deep.equal(['Africa/Kinshasa']);
    expect(zonesOfNumber('+243223456789', 'CD', zones)).to.deep.equal(['Africa/Lubumbashi']);
    expect(zonesOfNumber('+243812345678', 'CD', zones)).to.deep.equal(['Africa/Kinshasa', 'Africa/Lubumbashi']);
    expect(zonesOfNumber('+2348031234567', 'NG', MARKET_TIME_ZONES.NG!)).to.deep.equal(['Africa/Lagos']);
  });

  it('promotional hours are set only for the markets with an established rule (KE, NG, ZA)', () => {
    expect(Object.keys(DEFAULT_PROMOTIONAL_HOURS).sort()).to.deep.equal(['KE', 'NG', 'ZA']);
  });
});
