/** A short code Tuma leases in a country: the country's shared code (keyword services) or one of its dedicated ones. */
export interface ShortCode {
  readonly number: string;
  readonly countryCode: string;
  readonly kind: 'shared' | 'dedicated';
}

/** The short codes Tuma leases per country: the shared code of keyword services and the pool of dedicated ones. */
export interface ShortCodeInventory {
  /** The country's shared short code, or undefined while none is provisioned. */
  sharedCode(countryCode: string): Promise<string | undefined>;
  /** The country's dedicated codes, in the order they are handed out (held ones included: the caller skips them). */
  dedicatedPool(countryCode: string): Promise<readonly string[]>;
  /** Adds a code; false when the number is already in the inventory, or the country already has a shared code. */
  provision(code: ShortCode): Promise<boolean>;
  /** The inventory (of one country), by country then in the order provisioned. */
  list(countryCode?: string): Promise<readonly ShortCode[]>;
}
