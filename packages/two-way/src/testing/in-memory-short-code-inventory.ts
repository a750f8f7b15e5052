import type { ShortCodeInventory } from '../application/services/short-code-inventory.port.ts';

/** Short codes given by hand: `{ KE: { shared: '22555', dedicated: ['22100', '22101'] } }`. */
export class InMemoryShortCodeInventory implements ShortCodeInventory {
  constructor(private readonly codes: Readonly<Record<string, { readonly shared?: string; readonly dedicated?: readonly string[] }>> = {}) {}

  async sharedCode(countryCode: string): Promise<string | undefined> {
    return this.codes[countryCode]?.shared;
  }

  async dedicatedPool(countryCode: string): Promise<readonly string[]> {
    return this.codes[countryCode]?.dedicated ?? [];
  }
}
