import { expect } from 'chai';
import { SharedRouteThrottle } from '@tuma/messaging';
import { MikroOrmThroughputLeases } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';

describe(`route throughput leases on ${databaseKind()}`, function () {
  this.timeout(20_000);

  it('grants from a full bucket up to one second worth, then nothing until it refills, on the database clock', async () => {
    const database = await testDatabase();
    await truncateAll(database);
    const leases = new MikroOrmThroughputLeases(database);
    expect((await leases.lease('SVC_KE', 8, 10)).granted).to.equal(8);
    expect((await leases.lease('SVC_KE', 8, 10)).granted).to.equal(2);
    const empty = await leases.lease('SVC_KE', 8, 10);
    expect(empty.granted).to.equal(0);
    expect(empty.retryInMs).to.be.within(1, 100);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await leases.lease('SVC_KE', 8, 10)).granted).to.be.within(2, 3);
    expect((await leases.lease('SVC_NG', 8, 10)).granted, 'each route its own bucket').to.equal(8);
  });

  it('holds a route at its rate across two throttles (two worker processes) sharing the table', async () => {
    const database = await testDatabase();
    await truncateAll(database);
    const leases = new MikroOrmThroughputLeases(database);
    const workers = [new SharedRouteThrottle(leases, { ratePerSecond: () => 20 }), new SharedRouteThrottle(leases, { ratePerSecond: () => 20 })];
    const started = performance.now();
    await Promise.all(workers.map(async (worker) => {
      for (let i = 0; i < 30; i++) await worker.acquire('SVC_UG');
    }));
    const seconds = (performance.now() - started) / 1000;
    // 60 together: 20 from the full bucket at once, the other 40 at 20 a second (2 s), not 40 a second.
    expect(seconds).to.be.at.least(1.8);
  });
});
