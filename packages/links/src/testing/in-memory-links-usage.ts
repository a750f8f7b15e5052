import type { LinksUsage } from '../application/usage/links-usage.port.ts';
import type { InMemoryLinkRepository } from './in-memory-link.repository.ts';
import type { InMemoryQrCodeRepository } from './in-memory-qr-code.repository.ts';

/** Usage counted over the links' and QR codes' fakes: live ones created since the instant. */
export class InMemoryLinksUsage implements LinksUsage {
  constructor(
    private readonly links: InMemoryLinkRepository,
    private readonly qrCodes: InMemoryQrCodeRepository,
  ) {}

  async createdSince(accountId: string, since: Date): Promise<{ links: number; qrCodes: number }> {
    const all = { limit: Number.MAX_SAFE_INTEGER, offset: 0 };
    const recent = (items: readonly { createdAt: Date }[]) => items.filter((item) => item.createdAt.getTime() >= since.getTime()).length;
    return { links: recent(await this.links.list(accountId, 'live', all)), qrCodes: recent(await this.qrCodes.list(accountId, 'live', all)) };
  }
}
