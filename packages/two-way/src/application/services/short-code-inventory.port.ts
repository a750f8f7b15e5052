/** The short codes Tuma leases per country: the shared code of keyword services and the pool of dedicated ones. */
export interface ShortCodeInventory {
  /** The country's shared short code, or undefined while none is provisioned. */
  sharedCode(countryCode: string): Promise<string | undefined>;
  /** The country's dedicated codes, in the order they are handed out (held ones included: the caller skips them). */
  dedicatedPool(countryCode: string): Promise<readonly string[]>;
}
