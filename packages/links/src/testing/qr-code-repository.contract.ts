/** The contract suite of the QR codes' store. */
import { expect } from 'chai';
import type { QrCodeRepository } from '../application/qr/qr-code.repository.port.ts';
import { QrCode, type QrCodeSnapshot } from '../domain/qr/qr-code.aggregate.ts';

export interface QrCodeRepositoryFixture {
  /** An empty store. */
  readonly repository: QrCodeRepository;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const AT = Date.UTC(2026, 10, 25, 8, 0, 0, 123);

const made = (accountId: string, n: number, changes: Partial<QrCodeSnapshot> = {}): QrCodeSnapshot =>
  QrCode.create({ accountId, environment: 'live', linkId: null, targetUrl: `https://shop.example/${n}`, label: `Poster ${n}`, fgColor: '#1F1B17', bgColor: '#FFFFFF', ...changes }, new Date(AT + n * 1000)).toSnapshot();

export function describeQrCodeRepositoryContract(name: string, make: () => Promise<QrCodeRepositoryFixture>): void {
  describe(`QrCodeRepository contract: ${name}`, () => {
    let f: QrCodeRepositoryFixture;
    let a: string;
    let b: string;
    const step = <T>(work: (repository: QrCodeRepository) => Promise<T>) => f.step(() => work(f.repository));

    beforeEach(async () => {
      f = await make();
      [a, b] = f.accountIds;
    });

    it('stores a code field for field, found within its account and environment only', async () => {
      const code = made(a, 1, { label: null, fgColor: '#000000', bgColor: '#FFEEDD' });
      await step((r) => r.add(code));
      expect(await step((r) => r.find(a, 'live', code.id))).to.deep.equal(code);
      expect(await step((r) => r.find(b, 'live', code.id))).to.equal(undefined);
      expect(await step((r) => r.find(a, 'test', code.id))).to.equal(undefined);
    });

    it('lists newest first and paged, and removes a code of the account only', async () => {
      const codes = [made(a, 1), made(a, 2), made(a, 3, { environment: 'test' }), made(b, 4)];
      for (const code of codes) await step((r) => r.add(code));
      expect((await step((r) => r.list(a, 'live', { limit: 10, offset: 0 }))).map((code) => code.id)).to.deep.equal([codes[1]!.id, codes[0]!.id]);
      expect((await step((r) => r.list(a, 'live', { limit: 1, offset: 1 }))).map((code) => code.id)).to.deep.equal([codes[0]!.id]);
      expect(await step((r) => r.remove(b, 'live', codes[0]!.id))).to.equal(false);
      expect(await step((r) => r.remove(a, 'live', codes[0]!.id))).to.equal(true);
      expect(await step((r) => r.remove(a, 'live', codes[0]!.id)), 'twice').to.equal(false);
    });
  });
}
