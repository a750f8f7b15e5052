/** In-memory adapters of this package's ports: for unit tests and for apps embedding the core without a database. */
export { InMemorySubscriptionRepository } from './in-memory-subscription.repository.ts';
