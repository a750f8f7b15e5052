import { expect } from 'chai';
import fc from 'fast-check';
import { analyticsWindow, BlockedHosts, daysOf, GENERATED_SLUG_LENGTH, Link, mergeUtm, referrerHost, Slug } from '../src/index.ts';

const NOW = new Date('2026-11-25T10:00:00Z');

describe('links: slugs', () => {
  it('takes 1-64 of A-Z a-z 0-9 _ - and nothing else', () => {
    fc.assert(fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), (slug) => Slug.create(slug).isOk()));
    for (const slug of ['', 'a b', 'a/b', 'ü', '.', 'x'.repeat(65)]) expect(Slug.create(slug).isErr(), slug).to.equal(true);
  });

  it('generates 7 base62 characters, valid slugs', () => {
    for (let i = 0; i < 100; i++) {
      const slug = Slug.generate().value;
      expect(slug).to.match(new RegExp(`^[A-Za-z0-9]{${GENERATED_SLUG_LENGTH}}$`));
      expect(Slug.create(slug).isOk()).to.equal(true);
    }
  });
});

describe('links: UTM merging', () => {
  it('adds the set parameters, replaces the ones the target had, keeps the rest and the fragment', () => {
    expect(mergeUtm('https://shop.example/p?ref=home&utm_source=old#top', { source: 'sms', medium: null, campaign: 'spring' })).to.equal(
      'https://shop.example/p?ref=home&utm_source=sms&utm_campaign=spring#top',
    );
    expect(mergeUtm('https://shop.example/p?a=1', {}), 'nothing set: the target as it is').to.equal('https://shop.example/p?a=1');
  });

  it('law: every set UTM value is in the merged URL exactly once, whatever the target carried', () => {
    const value = fc.string({ minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(fc.record({ source: value, campaign: value }), fc.webPath(), (utm, path) => {
        const merged = new URL(mergeUtm(`https://shop.example${path.startsWith('/') ? path : `/${path}`}?utm_source=x`, utm));
        return merged.searchParams.getAll('utm_source').join() === utm.source && merged.searchParams.getAll('utm_campaign').join() === utm.campaign;
      }),
    );
  });
});

describe('links: where a click goes', () => {
  const link = (changes: Partial<Parameters<typeof Link.create>[0]> = {}) =>
    Link.create({ accountId: 'acc_1', environment: 'live', domainId: null, slug: 'abc', url: 'https://shop.example/', ...changes }, NOW);

  it('redirects to the target with its UTM, until expires_at; then to expired_url or nowhere (410)', () => {
    expect(link({ utm: { source: 'sms' } }).destinationAt(NOW)).to.deep.equal({ kind: 'redirect', location: 'https://shop.example/?utm_source=sms' });
    const expiring = link({ expiresAt: new Date(NOW.getTime() + 1000), expiredUrl: 'https://shop.example/over' });
    expect(expiring.destinationAt(new Date(NOW.getTime() + 999)).kind).to.equal('redirect');
    expect(expiring.destinationAt(new Date(NOW.getTime() + 1000))).to.deep.equal({ kind: 'expired', location: 'https://shop.example/over' });
    expect(link({ expiresAt: NOW }).destinationAt(NOW)).to.deep.equal({ kind: 'expired', location: null });
  });

  it('asks for the password of a protected link, and expiry wins over the password', () => {
    expect(link({ passwordHash: 'scrypt$x' }).destinationAt(NOW)).to.deep.equal({ kind: 'password_required' });
    expect(link({ passwordHash: 'scrypt$x', expiresAt: NOW }).destinationAt(NOW).kind).to.equal('expired');
  });

  it('changes only the fields given, null clearing, tags once each', () => {
    const changed = link({ title: 'Old', tags: ['a'] });
    changed.change({ title: null, tags: ['b', 'b', 'c'], url: undefined }, new Date(NOW.getTime() + 5000));
    const snapshot = changed.toSnapshot();
    expect([snapshot.title, snapshot.tags, snapshot.url, snapshot.updatedAt.getTime() - NOW.getTime()]).to.deep.equal([null, ['b', 'c'], 'https://shop.example/', 5000]);
  });
});

describe('links: blocked hosts', () => {
  it('blocks a listed host and its subdomains, in any case, with or without the trailing dot', () => {
    const blocked = BlockedHosts.parse('# known bad\nevil.example\n\n  bad.test  # with a comment\n');
    for (const host of ['evil.example', 'login.evil.example', 'EVIL.example.', 'bad.test']) expect(blocked.blocks(host), host).to.equal(true);
    for (const host of ['notevil.example', 'example', 'evil.example.com']) expect(blocked.blocks(host), host).to.equal(false);
    expect(blocked.with(['tu.ma']).blocks('tu.ma')).to.equal(true);
    expect(blocked.blocks('tu.ma'), 'with() leaves the list as it was').to.equal(false);
  });
});

describe('links: referrers and analytics windows', () => {
  it('names the referring host, or direct', () => {
    expect([referrerHost('https://News.example/a?b'), referrerHost(undefined), referrerHost(''), referrerHost('not a url')]).to.deep.equal(['news.example', 'direct', 'direct', 'direct']);
  });

  it('law: a window of n days has n days, ends today and runs one day at a time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 365 }), fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (days, now) => {
        const all = daysOf(analyticsWindow(now, days));
        return all.length === days && all.at(-1) === now.toISOString().slice(0, 10) && all.every((day, i) => i === 0 || Date.parse(day) - Date.parse(all[i - 1]!) === 86_400_000);
      }),
    );
  });
});
