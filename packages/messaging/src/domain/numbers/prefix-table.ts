/**
 * Shape of the generated prefix tables (`*.generated.ts`): per country calling code, a list of
 * `[name, prefixes]` pairs where `prefixes` are space-separated national-number prefixes that
 * map to `name`. Grouping by name keeps each name once per country.
 */
export type PrefixTableData = Readonly<Record<string, ReadonlyArray<readonly [name: string, prefixes: string]>>>;

interface CountryPrefixes {
  readonly names: ReadonlyMap<string, string>;
  readonly longest: number;
}

/** Longest-prefix lookup over national numbers, per country calling code. */
export class PrefixTable {
  private constructor(private readonly byCallingCode: ReadonlyMap<string, CountryPrefixes>) {}

  static fromData(data: PrefixTableData): PrefixTable {
    const byCallingCode = new Map<string, CountryPrefixes>();
    for (const [callingCode, groups] of Object.entries(data)) {
      const names = new Map<string, string>();
      let longest = 0;
      for (const [name, prefixes] of groups) {
        for (const prefix of prefixes.split(' ')) {
          names.set(prefix, name);
          longest = Math.max(longest, prefix.length);
        }
      }
      byCallingCode.set(callingCode, { names, longest });
    }
    return new PrefixTable(byCallingCode);
  }

  /** The name of the longest prefix of `nationalNumber` in the table, or null. */
  lookup(callingCode: string, nationalNumber: string): string | null {
    const country = this.byCallingCode.get(callingCode);
    if (!country) return null;
    for (let length = Math.min(country.longest, nationalNumber.length); length > 0; length--) {
      const name = country.names.get(nationalNumber.slice(0, length));
      if (name !== undefined) return name;
    }
    return null;
  }
}
