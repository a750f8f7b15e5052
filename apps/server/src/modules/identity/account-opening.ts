import type { Accounts } from '@tuma/accounts';
import type { AccountOpening } from '@tuma/identity';

/**
 * A registration's account, opened by accounts' `CreateAccount` (wallet currency
 * `DEFAULT_WALLET_CURRENCY`, email not verified yet). Called inside the registration's unit of
 * work, its own nests in it: a registration that fails later leaves no account behind. An address
 * is checked by identity before it comes here, so only the conflict is an answer; anything else is
 * a fault. Its verification is accounts' `VerifyAccountEmail`, in the verifying unit of work.
 */
export const accountOpening = (accounts: Accounts): AccountOpening => ({
  emailVerified: async (email) => {
    await accounts.verifyAccountEmail.execute(email);
  },
  open: (email) =>
    accounts.createAccount
      .execute({ email, emailVerified: false })
      .map((account) => ({ id: account.id }))
      .mapErr((error) => {
        if (error.type !== 'conflict') throw new Error(`Opening the account of a registration failed: ${error.message}`);
        return error;
      }),
});
