import { ResultAsync } from '@tuma/kernel';
import type { ShortCode, ShortCodeInventory } from './short-code-inventory.port.ts';

/** Operator: the inventory, of one market or all. */
export class ListShortCodes {
  constructor(private readonly inventory: ShortCodeInventory) {}

  execute(countryCode?: string): ResultAsync<readonly ShortCode[], never> {
    return ResultAsync.fromSafePromise(this.inventory.list(countryCode?.toUpperCase()));
  }
}
