/** The contract suite of plan usage: live links and QR codes made since an instant. */
import { expect } from 'chai';
import type { LinkRepository } from '../application/links/link.repository.port.ts';
import type { QrCodeRepository } from '../application/qr/qr-code.repository.port.ts';
import type { LinksUsage } from '../application/usage/links-usage.port.ts';
import { QrCode } from '../domain/qr/qr-code.aggregate.ts';
import { Link, type LinkEnvironment } from '../domain/links/link.aggregate.ts';

export interface LinksUsageFixture {
  readonly usage: LinksUsage;
  /** Empty stores it counts in. */
  readonly links: LinkRepository;
  readonly qrCodes: QrCodeRepository;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const MONTH = Date.UTC(2026, 10, 1);

export function describeLinksUsageContract(name: string, make: () => Promise<LinksUsageFixture>): void {
  describe(`LinksUsage contract: ${name}`, () => {
    it("counts an account's live links and QR codes made since the instant, not test ones nor another account's", async () => {
      const f = await make();
      const [a, b] = f.accountIds;
      const at = (offsetMs: number) => new Date(MONTH + offsetMs);
      const link = (accountId: string, slug: string, offsetMs: number, environment: LinkEnvironment = 'live') =>
        Link.create({ accountId, environment, domainId: null, slug, url: 'https://shop.example/' }, at(offsetMs)).toSnapshot();
      const links = [link(a, 'before', -1), link(a, 'first-instant', 0), link(a, 'later', 86_400_000), link(a, 'test-one', 1, 'test'), link(b, 'other', 2)];
      for (const made of links) await f.step(() => f.links.add(made));
      const qr = (accountId: string, offsetMs: number, environment: 'live' | 'test' = 'live') =>
        QrCode.create({ accountId, environment, linkId: null, targetUrl: 'https://shop.example/', label: null, fgColor: '#000000', bgColor: '#FFFFFF' }, at(offsetMs)).toSnapshot();
      for (const code of [qr(a, -1), qr(a, 0), qr(a, 5), qr(a, 6, 'test'), qr(b, 7)]) await f.step(() => f.qrCodes.add(code));
      expect(await f.step(() => f.usage.createdSince(a, new Date(MONTH)))).to.deep.equal({ links: 2, qrCodes: 2 });
      expect(await f.step(() => f.usage.createdSince(b, new Date(MONTH)))).to.deep.equal({ links: 1, qrCodes: 1 });
    });
  });
}
