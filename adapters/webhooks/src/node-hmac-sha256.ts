import { createHmac } from 'node:crypto';
import { TimestampedSignatures, type HmacSha256 } from '@tuma/webhooks';

/** HMAC-SHA256 with node:crypto, for signed inbound webhooks. */
export class NodeHmacSha256 implements HmacSha256 {
  hex(secret: string, message: string): string {
    return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
  }
}

/** The timestamped inbound-webhook scheme (`t=...,v1=...`) on node:crypto: what receivers verify with and tests sign with. */
export const nodeTimestampedSignatures = (): TimestampedSignatures => new TimestampedSignatures(new NodeHmacSha256());
