export { InMemoryRateLimitOverrideRepository } from './in-memory-rate-limit-override.repository.ts';
