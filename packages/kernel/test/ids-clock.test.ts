import { expect } from 'chai';
import fc from 'fast-check';
import { constantTimeEqual, ID_PREFIXES, isId, newId } from '../src/index.ts';
import { FakeClock } from '../src/testing/index.ts';

describe('ids', () => {
  it('carries the prefix and is recognised by it only', () => {
    for (const prefix of Object.values(ID_PREFIXES)) {
      const id = newId(prefix);
      expect(id.startsWith(`${prefix}_`)).to.equal(true);
      expect(isId(prefix, id)).to.equal(true);
    }
    expect(isId('ver', newId('vera'))).to.equal(false);
    expect(isId('msg', 'msg_not-a-ulid')).to.equal(false);
  });

  it('sorts by creation time', () => {
    const earlier = newId('msg', new Date('2026-01-01T00:00:00Z'));
    const later = newId('msg', new Date('2026-01-01T00:00:00.001Z'));
    expect(earlier < later).to.equal(true);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId('evt')));
    expect(ids.size).to.equal(10_000);
  });
});

describe('FakeClock', () => {
  it('moves only when told', () => {
    const clock = new FakeClock('2026-03-01T10:00:00Z');
    expect(clock.now().toISOString()).to.equal('2026-03-01T10:00:00.000Z');
    clock.advance(90_000);
    expect(clock.now().toISOString()).to.equal('2026-03-01T10:01:30.000Z');
  });
});

describe('constantTimeEqual', () => {
  it('agrees with === on every pair of strings', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => constantTimeEqual(a, b) === (a === b)));
    fc.assert(fc.property(fc.string(), (a) => constantTimeEqual(a, a)));
  });
});
