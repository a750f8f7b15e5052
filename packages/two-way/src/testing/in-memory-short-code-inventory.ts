import { UndoableList } from '@tuma/kernel/testing';
import type { ShortCode, ShortCodeInventory } from '../application/short-codes/short-code-inventory.port.ts';

/** Short codes in a list, optionally given by hand: `{ KE: { shared: '22555', dedicated: ['22100', '22101'] } }`. */
export class InMemoryShortCodeInventory implements ShortCodeInventory {
  private readonly codes = new UndoableList<ShortCode>();

  constructor(initial: Readonly<Record<string, { readonly shared?: string; readonly dedicated?: readonly string[] }>> = {}) {
    for (const [countryCode, { shared, dedicated = [] }] of Object.entries(initial)) {
      if (shared) this.codes.push({ number: shared, countryCode, kind: 'shared' });
      for (const number of dedicated) this.codes.push({ number, countryCode, kind: 'dedicated' });
    }
  }

  async sharedCode(countryCode: string): Promise<string | undefined> {
    return this.codes.find((c) => c.countryCode === countryCode && c.kind === 'shared')?.number;
  }

  async dedicatedPool(countryCode: string): Promise<readonly string[]> {
    return this.codes.filter((c) => c.countryCode === countryCode && c.kind === 'dedicated').map((c) => c.number);
  }

  async provision(code: ShortCode): Promise<boolean> {
    const clash = this.codes.some((c) => c.number === code.number || (code.kind === 'shared' && c.kind === 'shared' && c.countryCode === code.countryCode));
    if (!clash) this.codes.push({ ...code });
    return !clash;
  }

  async list(countryCode?: string): Promise<readonly ShortCode[]> {
    const byCountry = (a: ShortCode, b: ShortCode) => (a.countryCode < b.countryCode ? -1 : a.countryCode > b.countryCode ? 1 : 0);
    return this.codes.filter((c) => countryCode === undefined || c.countryCode === countryCode).sort(byCountry);
  }
}
