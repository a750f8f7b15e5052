import type { TopUpReturnUrls } from '@tuma/billing';

/**
 * The base URL of one API in the links Tuma hands to people (checkout pages, return pages, later
 * emails): PUBLIC_BASE_URL (or AUTH_PUBLIC_URL, ...), or `http://localhost:<port><base path>` with
 * the port the API actually listens on (known after listening, which matters for port 0).
 */
export class PublicBaseUrl {
  private port: number | undefined;

  constructor(
    private readonly configured: string | undefined,
    private readonly configuredPort: number,
    /** Where the API is on its port: `/mail` on the shared one, '' on its own. */
    private readonly basePath = '',
  ) {}

  /** Called by the server once it listens. */
  listeningOn(port: number): void {
    this.port = port;
  }

  get value(): string {
    return this.configured ?? `http://localhost:${this.port ?? this.configuredPort}${this.basePath}`;
  }
}

/** Both return URLs lead to the top-up's page; the cancel one says the payer left. */
export const topUpReturnUrls =
  (base: PublicBaseUrl) =>
  (topUpId: string): TopUpReturnUrls => ({
    successUrl: `${base.value}/checkout/top-ups/${topUpId}`,
    cancelUrl: `${base.value}/checkout/top-ups/${topUpId}?cancelled=1`,
  });

