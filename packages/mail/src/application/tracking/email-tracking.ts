import { trackedHtml } from '../../domain/tracking/tracked-html.ts';
import type { MailContent } from '../sending/signed-mail.ts';
import type { TrackingTokens } from './tracking-tokens.ts';
import type { MailPublicUrl } from '../mail-public-url.ts';


/**
 * Open and click tracking of the messages of domains that enable it (docs/mail.md, "Tracking"):
 * the html part gets the pixel and its links go through `{mail_url}/t/c/...`; the text part is
 * left as written (a text reader's links are the sender's own).
 */
export class EmailTracking {
  constructor(
    private readonly tokens: TrackingTokens,
    private readonly publicUrl: MailPublicUrl,
  ) {}

  apply(content: MailContent, domain: { readonly openTracking: boolean; readonly clickTracking: boolean }): MailContent {
    if (content.html === null || (!domain.openTracking && !domain.clickTracking)) return content;
    const base = this.publicUrl.baseUrl();
    const emailId = content.id;
    const html = trackedHtml(content.html, {
      ...(domain.openTracking ? { pixel: `${base}/t/o/${this.tokens.sign({ kind: 'open', emailId })}` } : {}),
      ...(domain.clickTracking ? { link: (url: string) => `${base}/t/c/${this.tokens.sign({ kind: 'click', emailId, url })}` } : {}),
    });
    return { ...content, html };
  }
}
