import type { Result } from '@tuma/kernel';
import type { IllegalStatusTransition } from '../../domain/delivery/delivery-transitions.ts';

/** Our own event on a message we just locked and checked (or created): a refusal is a bug of ours. */
export function legalTransition<T>(messageId: string, applied: Result<T, IllegalStatusTransition>): T {
  if (applied.isErr()) throw new Error(`${messageId}: ${applied.error.message}`);
  return applied.value;
}
