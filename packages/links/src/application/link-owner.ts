import type { LinkEnvironment } from '../domain/links/link.aggregate.ts';

/** Whose a link, QR code, campaign or webhook is: an account, in the environment of the caller's key (live or test). */
export interface LinkOwner {
  readonly accountId: string;
  readonly environment: LinkEnvironment;
}
