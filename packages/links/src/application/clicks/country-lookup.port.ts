/** The country of an IP address from offline GeoIP data (no network); null when unknown. */
export interface CountryLookup {
  countryOf(address: string): string | null;
}
