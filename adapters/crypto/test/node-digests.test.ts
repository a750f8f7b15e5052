import { expect } from 'chai';
import fc from 'fast-check';
import { hexOf } from '@tuma/kernel';
import { ReferenceDigests } from '@tuma/kernel/testing';
import { describeDigestsContract } from '@tuma/kernel/testing/contracts';
import { NodeDigests } from '../src/index.ts';

describeDigestsContract('NodeDigests (node:crypto)', () => new NodeDigests());
describeDigestsContract('ReferenceDigests (plain TypeScript, the fake of domain tests)', () => new ReferenceDigests());

describe('NodeDigests and ReferenceDigests', () => {
  const node = new NodeDigests();
  const reference = new ReferenceDigests();

  it('law: agree on any key (bytes or text, up to past two blocks) and any message', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 150 }), fc.string({ unit: 'grapheme', maxLength: 80 })), fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.string({ unit: 'grapheme' })), (key, message) => {
        expect(hexOf(node.hmacSha256(key)(message))).to.equal(hexOf(reference.hmacSha256(key)(message)));
        if (typeof message === 'string') expect(node.sha256Hex(message)).to.equal(reference.sha256Hex(message));
      }),
    );
  });
});
