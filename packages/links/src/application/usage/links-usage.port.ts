/** What an account made since an instant (its live links and QR codes: test ones never count), for plan usage. */
export interface LinksUsage {
  createdSince(accountId: string, since: Date): Promise<{ readonly links: number; readonly qrCodes: number }>;
}
