import type { TopUpReturnUrls } from '@tuma/billing';

/**
 * The origin of the links Tuma hands to people (checkout pages, return pages): PUBLIC_BASE_URL,
 * or `http://localhost:<port>` with the port the server actually listens on (known after
 * listening, which matters for PORT=0).
 */
export class PublicBaseUrl {
  private port: number | undefined;

  constructor(
    private readonly configured: string | undefined,
    private readonly configuredPort: number,
  ) {}

  /** Called by the server once it listens. */
  listeningOn(port: number): void {
    this.port = port;
  }

  get value(): string {
    return this.configured ?? `http://localhost:${this.port ?? this.configuredPort}`;
  }
}

/** Both return URLs lead to the top-up's page; the cancel one says the payer left. */
export const topUpReturnUrls =
  (base: PublicBaseUrl) =>
  (topUpId: string): TopUpReturnUrls => ({
    successUrl: `${base.value}/checkout/top-ups/${topUpId}`,
    cancelUrl: `${base.value}/checkout/top-ups/${topUpId}?cancelled=1`,
  });

