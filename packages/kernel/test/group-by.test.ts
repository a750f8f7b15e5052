import { expect } from 'chai';
import { groupBy } from '../src/index.ts';

describe('groupBy', () => {
  it('groups by key in first-seen order, each group in the items order', () => {
    const groups = groupBy(['acc_b:1', 'acc_a:2', 'acc_b:3'], (item) => item.split(':')[0]);
    expect([...groups]).to.deep.equal([
      ['acc_b', ['acc_b:1', 'acc_b:3']],
      ['acc_a', ['acc_a:2']],
    ]);
    expect(groupBy([], String).size).to.equal(0);
  });
});
