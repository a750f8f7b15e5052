import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { DkimKeys, GeneratedDkimKey } from '../application/domains/dkim-keys.port.ts';

let shared: { publicKey: KeyObject; privateKey: KeyObject } | undefined;

/**
 * Real RSA-2048 keys, so that what they sign verifies, but one pair for the whole process (a
 * pair takes a good part of a second) and "sealed" in the clear, bound to the domain id as the
 * real adapter binds it.
 */
export class InMemoryDkimKeys implements DkimKeys {
  async generate(domainId: string): Promise<GeneratedDkimKey> {
    shared ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = shared.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    return { publicKey: shared.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'), sealedPrivateKey: `clear:${domainId}:${pem}` };
  }

  open(sealedPrivateKey: string, domainId: string): string {
    const prefix = `clear:${domainId}:`;
    if (!sealedPrivateKey.startsWith(prefix)) throw new Error(`Not a key sealed for ${domainId}`);
    return sealedPrivateKey.slice(prefix.length);
  }
}
