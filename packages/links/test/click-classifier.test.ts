import { expect } from 'chai';
import { ClickClassifier, type CountryLookup, type VisitorKeys, type VisitorProfiler } from '../src/index.ts';

const profiler: VisitorProfiler = { profile: (ua) => ({ device: ua.includes('iPhone') ? 'mobile' : 'desktop', browser: 'Safari', bot: ua.includes('bot') }) };
const countries: CountryLookup = { countryOf: (address) => (address.startsWith('41.') ? 'KE' : null) };
const visitors: VisitorKeys = { keyOf: (day, address, ua) => `${day}|${address.length}|${ua.length}` };

describe('links: classifying a click', () => {
  it('keeps country, device, browser, referrer host, bot and the visitor key of its UTC day, never the address', () => {
    const classifier = new ClickClassifier(profiler, countries, visitors);
    const click = classifier.classify({ linkId: 'lnk_1', at: new Date('2026-11-25T23:59:59Z'), address: '41.90.64.1', userAgent: 'iPhone', referer: 'https://News.example/a' });
    expect(click).to.deep.equal({
      linkId: 'lnk_1',
      at: new Date('2026-11-25T23:59:59Z'),
      country: 'KE',
      device: 'mobile',
      browser: 'Safari',
      referrer: 'news.example',
      bot: false,
      visitor: '2026-11-25|10|6',
    });
    expect(JSON.stringify(click)).not.to.include('41.90.64.1');
    expect(classifier.classify({ linkId: 'lnk_1', at: new Date('2026-11-26T00:00:00Z'), address: '8.8.8.8', userAgent: 'somebot', referer: undefined })).to.deep.include({
      country: null,
      referrer: 'direct',
      bot: true,
      visitor: '2026-11-26|7|7',
    });
  });
});
