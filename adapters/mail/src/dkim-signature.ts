import { createHash, sign, type KeyObject } from 'node:crypto';

/** What a domain signs with: its name, its selector and its private key, parsed once. */
export interface DkimKey {
  readonly domainName: string;
  readonly selector: string;
  readonly privateKey: KeyObject;
}

/**
 * The fields signed when present: RFC 6376 5.4.1's, and List-Unsubscribe-Post, which RFC 8058's
 * one-click unsubscribe needs signed beside List-Unsubscribe (the list nodemailer signs).
 */
const SIGNED_FIELDS = new Set(
  [
    'From', 'Sender', 'Reply-To', 'Subject', 'Date', 'Message-ID', 'To', 'Cc', 'MIME-Version', 'Content-Type', 'Content-Transfer-Encoding', 'Content-ID',
    'Content-Description', 'Resent-Date', 'Resent-From', 'Resent-Sender', 'Resent-To', 'Resent-Cc', 'Resent-Message-ID', 'In-Reply-To', 'References',
    'List-Id', 'List-Help', 'List-Unsubscribe', 'List-Unsubscribe-Post', 'List-Subscribe', 'List-Post', 'List-Owner', 'List-Archive',
  ].map((name) => name.toLowerCase()),
);

interface HeaderField {
  /** Lower-case. */
  readonly name: string;
  /** Everything after the colon, folding kept. */
  readonly value: string;
}

/** RFC 6376 3.4.2, relaxed: the name lower-case, the value unfolded, runs of white space one space, none at either end. */
const relaxedHeader = ({ name, value }: HeaderField): string => `${name}:${value.replace(/\r\n(?=[ \t])/g, '').replace(/[ \t]+/g, ' ').trim()}`;

/** RFC 6376 3.4.4, relaxed: runs of white space one space, none at line ends, no empty lines at the end, a non-empty body ending in CRLF. */
function relaxedBody(body: string): string {
  const lines = body.split('\r\n').map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.length === 0 ? '' : `${lines.join('\r\n')}\r\n`;
}

/** The header's fields, top down (continuation lines kept with their field). */
function headerFields(head: string): HeaderField[] {
  const fields: { name: string; value: string }[] = [];
  for (const line of head.split('\r\n')) {
    if (line === '') continue;
    const last = fields[fields.length - 1];
    if (/^[ \t]/.test(line) && last) last.value += `\r\n${line}`;
    else if (line.includes(':')) fields.push({ name: line.slice(0, line.indexOf(':')).trim().toLowerCase(), value: line.slice(line.indexOf(':') + 1) });
  }
  return fields;
}

/**
 * The fields to sign, in the order the signature lists them: each name where it first appears, its
 * instances bottom up, as a verifier takes them (RFC 6376 5.4.2).
 */
function signedFields(fields: readonly HeaderField[]): HeaderField[] {
  const byName = new Map<string, HeaderField[]>();
  for (const field of fields) if (SIGNED_FIELDS.has(field.name)) byName.set(field.name, [...(byName.get(field.name) ?? []), field]);
  return [...byName.values()].flatMap((instances) => instances.reverse());
}

/**
 * The DKIM-Signature field as it leaves: lines of at most 78 characters (RFC 5322 2.1.1), folded
 * where a tag's space is (relaxed canonicalization unfolds it back to what was signed), the
 * signature's base64 folded anywhere (its white space is ignored).
 */
function foldedField(tags: string, signature: string): string {
  const lines = ['DKIM-Signature:'];
  const add = (text: string, glue: string) => {
    if (lines[lines.length - 1]!.length + glue.length + text.length > 78) lines.push(` ${text}`);
    else lines[lines.length - 1] += glue + text;
  };
  for (const tag of tags.split(' ')) add(tag, ' ');
  for (const chunk of signature.match(/.{1,64}/g) ?? []) add(chunk, '');
  return `${lines.join('\r\n')}\r\n`;
}

const signed = (data: Buffer, key: KeyObject): Promise<Buffer> =>
  new Promise((resolve, reject) => sign('sha256', data, key, (error, signature) => (error ? reject(error) : resolve(signature))));

/**
 * `message` (CRLF line ends, as it goes on the wire) with a DKIM-Signature first: rsa-sha256,
 * relaxed/relaxed (RFC 6376). The RSA signature, the costly part (about a millisecond for a
 * 2048-bit key), is made on libuv's threads (`crypto.sign` with a callback), so that a process
 * delivering mail signs on another core while its event loop goes on.
 */
export async function dkimSigned(message: Buffer, key: DkimKey): Promise<Buffer> {
  const text = message.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  const [head, body] = end < 0 ? [text, ''] : [text.slice(0, end), text.slice(end + 4)];
  const bodyHash = createHash('sha256').update(relaxedBody(body), 'latin1').digest('base64');
  const fields = signedFields(headerFields(head));
  const tags = `v=1; a=rsa-sha256; c=relaxed/relaxed; d=${key.domainName}; q=dns/txt; s=${key.selector}; bh=${bodyHash}; h=${fields.map((field) => field.name).join(':')}; b=`;
  const data = [...fields.map((field) => `${relaxedHeader(field)}\r\n`), relaxedHeader({ name: 'dkim-signature', value: ` ${tags}` })].join('');
  const signature = (await signed(Buffer.from(data, 'latin1'), key.privateKey)).toString('base64');
  return Buffer.concat([Buffer.from(foldedField(tags, signature), 'latin1'), message]);
}
