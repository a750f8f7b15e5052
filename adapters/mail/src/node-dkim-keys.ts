import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import type { DkimKeys, GeneratedDkimKey } from '@tuma/mail';
import type { SecretCipher } from '@tuma/webhooks';
import { KeptValues } from './kept-values.ts';

const generateRsa = promisify(generateKeyPair);

/** What a domain's key is sealed for: its id, kept apart from the webhook secrets' contexts (account ids) sealed with the same key. */
const sealedFor = (domainId: string): string => `dkim:${domainId}`;

/** Opened keys kept, at most: one per sending domain of the process's recent mail. */
const OPENED_KEPT = 1_000;

/**
 * RSA-2048 keys from node:crypto (off the event loop), the private key sealed with the project's
 * secret cipher (AES-256-GCM under `WEBHOOK_SECRET_KEY`, docs/webhooks.md "Secrets"). A sealed key
 * is opened once: every message of its domain needs it (3% of a delivery worker's time otherwise).
 */
export class NodeDkimKeys implements DkimKeys {
  private readonly opened = new KeptValues<string>(OPENED_KEPT);

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
    return this.opened.get(`${domainId} ${sealedPrivateKey}`, () => this.cipher.open(sealedPrivateKey, sealedFor(domainId)));
  }
}
