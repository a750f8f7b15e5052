import { expect } from 'chai';
import { BowserVisitorProfiler, GeoipCountryLookup, SaltedVisitorKeys, readBlockedHosts } from '../src/index.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('links adapters', () => {
  it('profiles User-Agents: device class, browser family, bots (isbot)', () => {
    const profiler = new BowserVisitorProfiler();
    expect(profiler.profile(IPHONE)).to.deep.equal({ device: 'mobile', browser: 'Safari', bot: false });
    expect(profiler.profile(IPAD)).to.deep.equal({ device: 'tablet', browser: 'Safari', bot: false });
    expect(profiler.profile(WINDOWS_CHROME)).to.deep.equal({ device: 'desktop', browser: 'Chrome', bot: false });
    expect(profiler.profile(GOOGLEBOT).bot).to.equal(true);
    expect(profiler.profile('curl/8.5.0').bot, 'an HTTP client').to.equal(true);
    expect(profiler.profile('')).to.deep.equal({ device: null, browser: null, bot: false });
  });

  it('finds countries offline, IPv4-mapped addresses too, and none for private addresses', () => {
    const countries = new GeoipCountryLookup();
    expect(countries.countryOf('8.8.8.8')).to.equal('US');
    expect(countries.countryOf('::ffff:8.8.8.8')).to.equal('US');
    expect(countries.countryOf('10.0.0.1')).to.equal(null);
    expect(countries.countryOf('127.0.0.1')).to.equal(null);
  });

  it('keys visitors by salt, day, address and agent, never showing the address', () => {
    const keys = new SaltedVisitorKeys(Buffer.alloc(32, 1));
    const key = keys.keyOf('2026-11-25', '41.90.64.1', IPHONE);
    expect(key).to.match(/^[0-9a-f]{64}$/).and.not.to.include('41.90');
    expect(keys.keyOf('2026-11-25', '41.90.64.1', IPHONE), 'the same visitor that day').to.equal(key);
    expect(keys.keyOf('2026-11-26', '41.90.64.1', IPHONE), 'the next day').not.to.equal(key);
    expect(keys.keyOf('2026-11-25', '41.90.64.2', IPHONE), 'another address').not.to.equal(key);
    expect(new SaltedVisitorKeys(Buffer.alloc(32, 2)).keyOf('2026-11-25', '41.90.64.1', IPHONE), 'another salt').not.to.equal(key);
  });

  it('reads the shipped blocklist, subdomains included', () => {
    const blocked = readBlockedHosts();
    expect(blocked.blocks('grabify.link')).to.equal(true);
    expect(blocked.blocks('www.Grabify.link.')).to.equal(true);
    expect(blocked.blocks('notgrabify.link')).to.equal(false);
  });
});
