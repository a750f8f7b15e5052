/** The spec's "Recipients per rate or validate call": numbers one quote or one validation call takes. */
export const MAX_RECIPIENTS_PER_CALL = 1000;
