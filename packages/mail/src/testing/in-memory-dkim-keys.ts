import { base64 } from '@tuma/kernel';
import type { DkimKeys, GeneratedDkimKey } from '../application/domains/dkim-keys.port.ts';

interface SharedPair {
  /** SPKI DER in base64, as the DNS record carries it. */
  readonly publicKey: string;
  readonly privatePem: string;
}

let shared: Promise<SharedPair> | undefined;

/** An RSA-2048 pair through WebCrypto, in the formats node's `export` writes (SPKI DER, PKCS#8 PEM). */
async function generatePair(): Promise<SharedPair> {
  const { subtle } = globalThis.crypto;
  const pair = await subtle.generateKey({ name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: Uint8Array.of(1, 0, 1), hash: 'SHA-256' }, true, ['sign', 'verify']);
  const spki = new Uint8Array(await subtle.exportKey('spki', pair.publicKey));
  const pkcs8 = base64(new Uint8Array(await subtle.exportKey('pkcs8', pair.privateKey)));
  return { publicKey: base64(spki), privatePem: `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n` };
}

/**
 * Real RSA-2048 keys, so that what they sign verifies, but one pair for the whole process (a
 * pair takes a good part of a second) and "sealed" in the clear, bound to the domain id as the
 * real adapter binds it.
 */
export class InMemoryDkimKeys implements DkimKeys {
  async generate(domainId: string): Promise<GeneratedDkimKey> {
    shared ??= generatePair();
    const { publicKey, privatePem } = await shared;
    return { publicKey, sealedPrivateKey: `clear:${domainId}:${privatePem}` };
  }

  open(sealedPrivateKey: string, domainId: string): string {
    const prefix = `clear:${domainId}:`;
    if (!sealedPrivateKey.startsWith(prefix)) throw new Error(`Not a key sealed for ${domainId}`);
    return sealedPrivateKey.slice(prefix.length);
  }
}
