import type { Rollup } from '../database/rollup-folds.ts';

/** `message_tally` (migration 20261205000100): the messages per account, environment, UTC hour, country, batch and key. */
export const MESSAGE_TALLY: Rollup = {
  table: 'message_tally',
  key: ['account_id', 'environment', 'hour', 'country', 'batch_id', 'api_key_id'],
  conflictTarget: "account_id, environment, hour, country, coalesce(batch_id, ''), coalesce(api_key_id, '')",
  sums: ['queued', 'sent', 'submitted', 'delivered', 'failed', 'rejected', 'segments', 'cost', 'refunded'],
};
