import type { LinkEnvironment } from '../../domain/links/link.aggregate.ts';
import type { QrCodeSnapshot } from '../../domain/qr/qr-code.aggregate.ts';

/** The QR codes' store, per account and environment. */
export interface QrCodeRepository {
  add(code: QrCodeSnapshot): Promise<void>;
  find(accountId: string, environment: LinkEnvironment, id: string): Promise<QrCodeSnapshot | undefined>;
  /** Newest first. */
  list(accountId: string, environment: LinkEnvironment, page: { readonly limit: number; readonly offset: number }): Promise<readonly QrCodeSnapshot[]>;
  remove(accountId: string, environment: LinkEnvironment, id: string): Promise<boolean>;
}
