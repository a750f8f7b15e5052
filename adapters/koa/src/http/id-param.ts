import { z } from 'zod';

/** A path id: a positive integer below 2^53, written in digits; `what` names it in the message (`template id`). */
export const positiveIdParam = (what: string) => {
  const message = `Must be a ${what} (a positive integer)`;
  return z.string().regex(/^[0-9]{1,16}$/, message).transform(Number).pipe(z.number().int().min(1, message).max(Number.MAX_SAFE_INTEGER));
};
