import { ok, type Clock, type Result } from '@tuma/kernel';
import type { ClickedLink } from '../../domain/clicks/click.ts';
import type { ClickBuffer } from './click-buffer.ts';

/** What a redirect knows of its visitor: the client address (the proxy's header only with TRUST_PROXY_HOPS), User-Agent and Referer. */
export interface Visit {
  readonly address: string;
  readonly userAgent: string;
  readonly referer: string | undefined;
}

/** Hands a click to the buffer as it was seen: no classification and no I/O on the request path (the flush classifies). */
export class RecordClick {
  constructor(
    private readonly buffer: ClickBuffer,
    private readonly clock: Clock,
  ) {}

  // A synchronous Result, not a ResultAsync: an in-memory append that cannot fail, on the redirect's hot path (a promise per click for nothing).
  execute(link: { readonly id: string } & ClickedLink, visit: Visit): Result<void, never> {
    this.buffer.record({ linkId: link.id, link, at: this.clock.now(), address: visit.address, userAgent: visit.userAgent, referer: visit.referer });
    return ok(undefined);
  }
}
