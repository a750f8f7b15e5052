/** autocannon requests of the benches: single sends and Verify starts to distinct numbers. */
import type autocannon from 'autocannon';

/** A distinct Kenyan mobile number per i. */
export const benchNumber = (i: number): string => `+2547${String(10_000_000 + (i % 90_000_000)).slice(-8)}`;

/**
 * Sends of distinct numbers and texts (no duplicate suppression) from `keys` in turn, numbered from
 * `offset`; each with an Idempotency-Key of its own when `idempotent`.
 */
export function sendRequests(keys: readonly string[], offset: number, idempotent = false): autocannon.Request[] {
  let n = offset;
  return [
    {
      method: 'POST',
      path: '/api/messages/send',
      setupRequest: (request) => {
        const i = n++;
        return {
          ...request,
          headers: { Authorization: `Bearer ${keys[i % keys.length]}`, 'Content-Type': 'application/json', ...(idempotent ? { 'Idempotency-Key': `bench-${i}` } : {}) },
          body: JSON.stringify({ to: benchNumber(i), text: `Your code is ${i}` }),
        };
      },
    },
  ];
}
