/** Which of its market's time zones a number is in (docs/quiet-hours.md, "Time zones"). */
import { NUMBER_ZONE_PREFIXES } from './market-quiet-hours.data.ts';

/**
 * The zones to read a recipient's local time in: the one its number's prefix names where the
 * market has several and libphonenumber knows it, else all of the market's zones.
 */
export function zonesOfNumber(e164: string, country: string, marketZones: readonly string[]): readonly string[] {
  if (marketZones.length <= 1) return marketZones;
  const found = NUMBER_ZONE_PREFIXES[country]?.find(([prefix]) => e164.startsWith(prefix, 1));
  return found && marketZones.includes(found[1]) ? [found[1]] : marketZones;
}
