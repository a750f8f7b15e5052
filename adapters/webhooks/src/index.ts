export { BlockListAddressPolicy } from './block-list-address-policy.ts';
export { PinnedHttpWebhookSender, type PinnedHttpWebhookSenderOptions } from './pinned-http-webhook-sender.ts';
export { PinnedHttpFetcher, type FetchedFile, type PinnedFetchOptions } from './pinned-http-fetcher.ts';
export { AesGcmSecretCipher } from './aes-gcm-secret-cipher.ts';
