import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import type { DkimKeys, GeneratedDkimKey } from '@tuma/mail';
import type { SecretCipher } from '@tuma/webhooks';

const generateRsa = promisify(generateKeyPair);

/** What a domain's key is sealed for: its id, kept apart from the webhook secrets' contexts (account ids) sealed with the same key. */
const sealedFor = (domainId: string): string => `dkim:${domainId}`;

/**
 * RSA-2048 keys from node:crypto (off the event loop), the private key sealed with the project's
 * secret cipher (AES-256-GCM under `WEBHOOK_SECRET_KEY`, docs/webhooks.md "Secrets").
 */
export class NodeDkimKeys implements DkimKeys {
  constructor(private readonly cipher: SecretCipher) {}

  async generate(domainId: string): Promise<GeneratedDkimKey> {
    const { publicKey, privateKey } = await generateRsa('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return { publicKey: publicKey.toString('base64'), sealedPrivateKey: this.cipher.seal(privateKey, sealedFor(domainId)) };
  }

  open(sealedPrivateKey: string, domainId: string): string {
    return this.cipher.open(sealedPrivateKey, sealedFor(domainId));
  }
}
