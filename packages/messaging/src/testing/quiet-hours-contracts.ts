import { expect } from 'chai';
import type { QuietHoursCatalogue } from '../application/quiet-hours/quiet-hours-catalogue.port.ts';
import type { SmsSettingsRepository } from '../application/settings/sms-settings.port.ts';
import { defaultMarketQuietHours } from '../domain/quiet-hours/market-quiet-hours.data.ts';
import { everyDay } from '../domain/quiet-hours/promotional-hours.ts';

export interface QuietHoursStoresFixture {
  readonly catalogue: QuietHoursCatalogue;
  readonly settings: SmsSettingsRepository;
  /** Two accounts that exist in the store. */
  readonly accountIds: readonly [string, string];
  /** Runs one unit of work (a fresh context each, so reads come from the store). */
  step<T>(work: () => Promise<T>): Promise<T>;
}

const at = new Date('2026-11-25T10:00:00.000Z');

/** The contract of `QuietHoursCatalogue` and `SmsSettingsRepository`, for the in-memory stores and the database's. */
export function describeQuietHoursStoresContract(name: string, make: () => Promise<QuietHoursStoresFixture>): void {
  describe(`Quiet-hours stores contract: ${name}`, () => {
    let f: QuietHoursStoresFixture;
    beforeEach(async () => {
      f = await make();
    });

    it('serves the seeded markets, adds only what is missing, and keeps an operator change across a seed', async () => {
      expect(await f.step(() => f.catalogue.seed(defaultMarketQuietHours()))).to.equal(0);
      const ng = await f.step(() => f.catalogue.quietHoursOf('NG'));
      expect(ng).to.deep.include({ countryCode: 'NG', timeZones: ['Africa/Lagos'], promotionalHours: everyDay({ start: 480, end: 1200 }) });
      const za = (await f.step(() => f.catalogue.quietHoursOf('ZA')))!;
      expect(za.promotionalHours![6]).to.equal(null);
      expect((await f.step(() => f.catalogue.list())).map((m) => m.countryCode)).to.have.length(54).and.include.members(['CD', 'KE']);

      const changed = await f.step(() => f.catalogue.update('NG', { promotionalHours: everyDay({ start: 540, end: 1080 }) }, 'key:abc', at));
      expect(changed).to.deep.equal({ countryCode: 'NG', timeZones: ['Africa/Lagos'], promotionalHours: everyDay({ start: 540, end: 1080 }), updatedBy: 'key:abc', updatedAt: at });
      await f.step(() => f.catalogue.seed(defaultMarketQuietHours()));
      expect(await f.step(() => f.catalogue.quietHoursOf('NG'))).to.deep.equal(changed);
      expect(await f.step(() => f.catalogue.update('NG', { promotionalHours: null, timeZones: ['Africa/Lagos', 'Africa/Abuja'] }, 'cli', at))).to.deep.include({ promotionalHours: null });
      expect(await f.step(() => f.catalogue.update('XX', { promotionalHours: null }, 'cli', at))).to.equal(undefined);
    });

    it('keeps accounts settings apart, with the defaults for an account that never changed them', async () => {
      const [a, b] = f.accountIds;
      expect(await f.step(() => f.settings.settingsOf(a))).to.deep.equal({ smartEncoding: false, quietHours: {} });
      const settings = { smartEncoding: true, quietHours: { KE: everyDay({ start: 600, end: 1020 }), NG: null } };
      await f.step(() => f.settings.save(a, settings, at));
      expect(await f.step(() => f.settings.settingsOf(a))).to.deep.equal(settings);
      expect(await f.step(() => f.settings.settingsOf(b))).to.deep.equal({ smartEncoding: false, quietHours: {} });
      await f.step(() => f.settings.save(a, { smartEncoding: false, quietHours: {} }, at));
      expect(await f.step(() => f.settings.settingsOf(a))).to.deep.equal({ smartEncoding: false, quietHours: {} });
    });
  });
}
