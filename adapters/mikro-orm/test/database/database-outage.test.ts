import { expect } from 'chai';
import { ConnectionException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { DatabaseOutage, isDatabaseUnreachable, isPassingDatabaseFault } from '../../src/index.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it('is true for a refused, reset or timed-out connection, the SQLSTATEs of a server going or not there yet, and the driver\'s lost-connection errors, however wrapped', () => {
    const unreachable = [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new ConnectionException(withCode('ECONNREFUSED')),
      new Error('query failed', { cause: withCode('57P01') }),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed'),
    ];
    for (const error of unreachable) expect(isDatabaseUnreachable(error), String(error)).to.equal(true);
  });

  it('is false for what a statement did wrong, a bug, or nothing', () => {
    const faults = [new UniqueConstraintViolationException(withCode('23505', 'duplicate key value')), withCode('42601', 'syntax error'), withCode('40P01', 'deadlock detected'), new TypeError('x is undefined'), 'ECONNREFUSED', undefined, null];
    for (const fault of faults) expect(isDatabaseUnreachable(fault), String(fault)).to.equal(false);
  });
});

describe('isPassingDatabaseFault', () => {
  it('is true for an unreachable database and for a transaction that gave way (deadlock, serialization failure), however wrapped; false for the rest', () => {
    const passing = [withCode('ECONNREFUSED'), withCode('40P01', 'deadlock detected'), withCode('40001', 'could not serialize access'), new Error('commit failed', { cause: withCode('40P01') })];
    for (const error of passing) expect(isPassingDatabaseFault(error), String(error)).to.equal(true);
    const lasting = [withCode('23505', 'duplicate key value'), withCode('42601', 'syntax error'), new TypeError('x is undefined'), undefined];
    for (const fault of lasting) expect(isPassingDatabaseFault(fault), String(fault)).to.equal(false);
  });
});

describe('DatabaseOutage', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('logs one line when an outage starts and one when a probe is answered, whatever the faults between; then runs its return listeners, once per outage', async () => {
    const lines: { level: string; msg: unknown; faults?: unknown }[] = [];
    const logger = { error: (entry: Record<string, unknown>) => lines.push({ level: 'error', msg: entry.msg }), warn: (entry: Record<string, unknown>) => lines.push({ level: 'warn', msg: entry.msg, faults: entry.faults }) };
    let up = false;
    let probes = 0;
    const outage = new DatabaseOutage(async () => (probes++, up), logger, 10);
    let returns = 0;
    outage.onReturn(() => void returns++);
    try {
      expect(outage.noted(new TypeError('a bug')), 'a bug is not an outage').to.equal(false);
      for (let i = 0; i < 100; i++) expect(outage.noted(withCode('ECONNREFUSED'))).to.equal(true);
      expect(outage.down).to.equal(true);
      await sleep(60);
      expect(probes, 'probing while down').to.be.greaterThan(1);
      expect(returns).to.equal(0);
      up = true;
      await sleep(40);
      expect(outage.down).to.equal(false);
      expect(returns).to.equal(1);
      expect(lines.map((line) => line.level)).to.deep.equal(['error', 'warn']);
      expect(lines[1]).to.include({ msg: 'database reachable again', faults: 100 });
      const probesWhenUp = probes;
      await sleep(40);
      expect(probes, 'no probe without an outage').to.equal(probesWhenUp);

      outage.noted(withCode('57P01'));
      await sleep(40);
      expect([lines.length, returns], 'a second outage: two more lines, one more return').to.deep.equal([4, 2]);
    } finally {
      outage.close();
    }
  });
});
