import { startTestServer } from '../test/support/test-server.ts';
describe('idle probe', function () {
  this.timeout(120000);
  it('measures idle cpu', async () => {
    const server = await startTestServer(process.env.PROBE_POLL ? { JOB_POLLING_SECONDS: process.env.PROBE_POLL } : {});
    await new Promise((r) => setTimeout(r, 3000));
    const before = process.cpuUsage();
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, 10000));
    const used = process.cpuUsage(before);
    console.log('idle cpu ms per s:', ((used.user + used.system) / 1000 / ((Date.now() - t0) / 1000)).toFixed(1));
    await server.stop();
  });
});
