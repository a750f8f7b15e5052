import { expect } from 'chai';
import { ConfigError, loadConfig } from '../src/index.ts';

const ratiosOf = (env: Record<string, string>) => {
  const carrier = loadConfig(env).carrier;
  if (carrier.kind !== 'simulator') throw new Error(`expected the simulator, got ${carrier.kind}`);
  return carrier.ratios;
};

describe('simulator settings', () => {
  it('takes SIMULATOR_OUTCOMES as the whole table: an outcome left out has no share', () => {
    expect(ratiosOf({ SIMULATOR_OUTCOMES: 'delivered=1' })).to.deep.equal({ delivered: 1, failed: 0, expired: 0, refused: 0 });
    expect(ratiosOf({ SIMULATOR_OUTCOMES: 'failed=0.5,delivered=0.5' })).to.deep.equal({ delivered: 0.5, failed: 0.5, expired: 0, refused: 0 });
    expect(ratiosOf({})).to.equal(undefined);
  });

  it('refuses a table without a positive share, and an unknown outcome, naming the setting', () => {
    expect(() => loadConfig({ SIMULATOR_OUTCOMES: 'delivered=0' })).to.throw(ConfigError, /SIMULATOR_OUTCOMES: must give some outcome a share above 0/);
    expect(() => loadConfig({ SIMULATOR_OUTCOMES: 'lost=1' })).to.throw(ConfigError, /SIMULATOR_OUTCOMES: must be <outcome>=<share>/);
  });
});
