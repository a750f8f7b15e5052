import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { databaseKind } from '../support/test-database.ts';

/** The real entry point, as `npm start` runs it: serves, then exits cleanly on SIGTERM. */
describe(`server process on ${databaseKind()}`, function () {
  this.timeout(90_000);

  it('starts, answers /health, and shuts down gracefully on SIGTERM with exit code 0', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', TUMA_DATA_DIR: 'memory://', LOG_LEVEL: 'info', TUMA_SEED_DEMO: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    const deadline = Date.now() + 60_000;
    let port: string | undefined;
    while (!port && Date.now() < deadline) {
      port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(port, output).to.be.a('string');
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).to.equal(200);

    child.kill('SIGTERM');
    expect(await exited).to.equal(0);
    expect(output).to.contain('"msg":"shutting down"');
    expect(output).to.contain('"msg":"stopped"');
  });
});
