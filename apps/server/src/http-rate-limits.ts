import type { RateLimitOptions } from '@tuma/koa-adapter';
import { RATE_LIMITS_TOKENS } from '@tuma/rate-limits';
import type { Container } from 'inversify';
import type { ServerConfig } from './config.ts';
import { resolve } from './resolve.ts';

/** The request rate limits every HTTP app applies (per key, per client address), or undefined when they are off. */
export function httpRateLimits(container: Container, config: ServerConfig): RateLimitOptions | undefined {
  return config.rateLimits ? { limits: resolve(container, RATE_LIMITS_TOKENS.rateLimits).requests, trustedProxyHops: config.trustedProxyHops } : undefined;
}
