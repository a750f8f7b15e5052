/**
 * Reports about mail we sent, as receiving servers send them back (docs/mail.md, "Bounces and
 * complaints"): delivery status notifications (RFC 3464, `multipart/report;
 * report-type=delivery-status`) and abuse feedback (RFC 5965, `report-type=feedback-report`).
 * Read from the raw message: the report's machine-readable part, never its prose.
 */

/** What a report says of one recipient. */
export interface ReportedOutcome {
  readonly recipient: string;
  readonly event: 'bounced' | 'complained';
  /** The status and the server's words, for a bounce; the feedback type, for a complaint. */
  readonly reason: string;
}

interface Part {
  readonly headers: ReadonlyMap<string, string>;
  readonly body: string;
}

/** Header fields (unfolded, names lower-case) and the body of an entity. */
function entity(text: string): Part {
  const normalized = text.replace(/\r\n/g, '\n');
  const split = normalized.search(/\n\n/);
  const head = split === -1 ? normalized : normalized.slice(0, split);
  return { headers: fields(head), body: split === -1 ? '' : normalized.slice(split + 2) };
}

/** `Name: value` lines, continuation lines folded in; the first of a repeated name wins. */
function fields(block: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of block.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!found.has(name)) found.set(name, line.slice(colon + 1).trim());
  }
  return found;
}

/** The parts of a multipart entity, by its boundary parameter. */
function parts(message: Part): Part[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(message.headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [];
  return message.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .map((chunk) => entity(chunk.replace(/^\n/, '')));
}

const typeOf = (part: Part): string => (part.headers.get('content-type') ?? 'text/plain').split(';')[0]!.trim().toLowerCase();

/** `rfc822; amina@example.org` -> `amina@example.org` (lower-case). */
const addressOf = (field: string | undefined): string | undefined => field?.split(';').at(-1)?.trim().replace(/^<|>$/g, '').toLowerCase() || undefined;

/** The failed recipients of a delivery status notification (delayed and delivered ones are not bounces). */
function bounces(report: string): ReportedOutcome[] {
  return report
    .split(/\n\s*\n/)
    .slice(1)
    .map(fields)
    .flatMap((recipient) => {
      const address = addressOf(recipient.get('final-recipient') ?? recipient.get('original-recipient'));
      if (!address || recipient.get('action')?.toLowerCase() !== 'failed') return [];
      const reason = [recipient.get('status'), recipient.get('diagnostic-code')?.replace(/^smtp;\s*/i, '')].filter(Boolean).join(' ');
      return [{ recipient: address, event: 'bounced' as const, reason: reason || 'failed' }];
    });
}

/** The complaining recipient of an abuse report: its Original-Rcpt-To, else the To of the original message's headers. */
function complaints(report: string, message: Part): ReportedOutcome[] {
  const feedback = fields(report);
  const original = message.body ? parts(message).find((part) => ['message/rfc822', 'text/rfc822-headers'].includes(typeOf(part))) : undefined;
  const originalTo = original ? entity(original.body).headers.get('to') : undefined;
  const address = addressOf(feedback.get('original-rcpt-to')) ?? addressOf(/<([^>]+)>/.exec(originalTo ?? '')?.[1] ?? originalTo);
  return address ? [{ recipient: address, event: 'complained', reason: `feedback: ${feedback.get('feedback-type') ?? 'abuse'}` }] : [];
}

/** What a received message reports of our mail's recipients; nothing for any other message. */
export function reportedOutcomes(raw: string): ReportedOutcome[] {
  const message = entity(raw);
  if (!/^multipart\/report/i.test(message.headers.get('content-type') ?? '')) return [];
  return parts(message).flatMap((part) => {
    const type = typeOf(part);
    if (type === 'message/delivery-status') return bounces(part.body);
    if (type === 'message/feedback-report') return complaints(part.body, message);
    return [];
  });
}
