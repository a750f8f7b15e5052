import { conflict, errAsync, newId, okAsync, type ConflictError, type ResultAsync } from '@tuma/kernel';
import { onRollback, UndoableMap } from '@tuma/kernel/testing';
import type { AccountOpening, OpenedAccount } from '../application/registration/account-opening.port.ts';

/** Opens accounts in a map, one per email, as accounts' CreateAccount refuses a second; keeps the addresses proved. */
export class InMemoryAccountOpening implements AccountOpening {
  readonly opened = new UndoableMap<string, OpenedAccount>();
  readonly verified = new Set<string>();

  open(email: string): ResultAsync<OpenedAccount, ConflictError> {
    if (this.opened.has(email)) return errAsync(conflict('account', `An account with email ${email} already exists`));
    const account = { id: newId('acc') };
    this.opened.set(email, account);
    return okAsync(account);
  }

  async emailVerified(email: string): Promise<void> {
    if (!this.opened.has(email) || this.verified.has(email)) return;
    this.verified.add(email);
    onRollback(() => this.verified.delete(email));
  }
}
