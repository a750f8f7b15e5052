import { newId } from '@tuma/kernel';
import type { Database } from '../../src/index.ts';

/** A bare account row for wallet tests (wallets reference their account). */
export async function insertAccount(database: Database, walletCurrency = 'KES'): Promise<string> {
  const id = newId('acc');
  await database.withContext(() =>
    database.em.execute(
      `insert into account (id, email, status, is_admin, wallet_currency, created_at, updated_at) values (?, ?, 'active', false, ?, now(), now())`,
      [id, `${id.toLowerCase()}@example.com`, walletCurrency],
      'run',
    ),
  );
  return id;
}
