import type { DnsRecord, MailDnsSettings } from './dns-records.ts';
import { parseTagList, spfIncludes, spfTerms, txtText } from './tag-list.ts';

/**
 * What the last check found for a record: `pending` before any; `not_found` when nothing of its
 * kind is there; `invalid` when something is but says otherwise (another key, no include, two SPF
 * records); `temporary_failure` when DNS did not answer (SERVFAIL, timeout): check again.
 */
export const RECORD_STATUSES = ['pending', 'verified', 'invalid', 'not_found', 'temporary_failure'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** The kernel's DNS answers (the `DnsResolver` port is shared with links). */
export type { DnsAnswer, MxRecord } from '@tuma/kernel';
import type { DnsAnswer } from '@tuma/kernel';

const bareHost = (host: string): string => host.toLowerCase().replace(/\.$/, '');

/** One SPF record that includes ours; two SPF records are a permanent error for receivers (RFC 7208 4.5), so invalid. */
function checkSpf(texts: readonly string[], settings: MailDnsSettings): RecordStatus {
  const spf = texts.map(spfTerms).filter((terms) => terms !== undefined);
  if (spf.length === 0) return 'not_found';
  return spf.length === 1 && spfIncludes(spf[0]!, settings.spfInclude) ? 'verified' : 'invalid';
}

/** A DKIM key record whose `p=` is ours, compared without the whitespace a zone file may fold into it. */
function checkDkim(texts: readonly string[], expected: string): RecordStatus {
  if (texts.length === 0) return 'not_found';
  const ours = parseTagList(expected)!.get('p');
  return texts.some((text) => parseTagList(text)?.get('p') === ours) ? 'verified' : 'invalid';
}

/** How a record stands given what DNS answered for its host and type. */
export function checkRecord(record: DnsRecord, answer: DnsAnswer, settings: MailDnsSettings): RecordStatus {
  if (answer.kind === 'failed') return 'temporary_failure';
  if (answer.kind === 'mx') {
    if (answer.records.length === 0) return 'not_found';
    return answer.records.some((mx) => bareHost(mx.exchange) === bareHost(record.value)) ? 'verified' : 'invalid';
  }
  const texts = answer.records.map(txtText);
  switch (record.purpose) {
    case 'spf':
    case 'return_path_spf':
      return checkSpf(texts, settings);
    case 'dkim':
      return checkDkim(texts, record.value);
    case 'dmarc':
      return texts.some((text) => /^v=DMARC1\s*(;|$)/i.test(text.trim())) ? 'verified' : 'not_found';
    case 'return_path_mx':
      throw new Error('An MX record is checked against an MX answer');
  }
}
