/** Where the domain reads the time from; never `new Date()` in domain code. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
