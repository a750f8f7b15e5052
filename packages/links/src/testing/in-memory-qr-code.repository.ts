import { UndoableMap } from '@tuma/kernel/testing';
import type { QrCodeRepository } from '../application/qr/qr-code.repository.port.ts';
import type { LinkEnvironment } from '../domain/links/link.aggregate.ts';
import type { QrCodeSnapshot } from '../domain/qr/qr-code.aggregate.ts';

/** QR codes in a map, per account and environment, newest first. */
export class InMemoryQrCodeRepository implements QrCodeRepository {
  private readonly codes = new UndoableMap<string, QrCodeSnapshot>();

  async add(code: QrCodeSnapshot): Promise<void> {
    this.codes.set(code.id, code);
  }

  async find(accountId: string, environment: LinkEnvironment, id: string): Promise<QrCodeSnapshot | undefined> {
    const code = this.codes.get(id);
    return code && code.accountId === accountId && code.environment === environment ? code : undefined;
  }

  async list(accountId: string, environment: LinkEnvironment, page: { readonly limit: number; readonly offset: number }): Promise<readonly QrCodeSnapshot[]> {
    return [...this.codes.values()]
      .filter((code) => code.accountId === accountId && code.environment === environment)
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .slice(page.offset, page.offset + page.limit);
  }

  async remove(accountId: string, environment: LinkEnvironment, id: string): Promise<boolean> {
    return (await this.find(accountId, environment, id)) !== undefined && this.codes.delete(id);
  }
}
