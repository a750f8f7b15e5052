import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { databaseKind } from '../support/test-database.ts';

/** The real entry point, as `npm start` runs it: serves, then exits cleanly on SIGTERM. */
describe(`server process on ${databaseKind()}`, function () {
  this.timeout(90_000);

  /** Waits for the listening line, then checks /health; returns the port. */
  async function listening(child: ChildProcess, output: () => string): Promise<string> {
    const deadline = Date.now() + 60_000;
    let port: string | undefined;
    while (!port && Date.now() < deadline && child.exitCode === null) {
      port = /listening on http:\/\/localhost:(\d+)/.exec(output())?.[1];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(port, output()).to.be.a('string');
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).to.equal(200);
    return port!;
  }

  function start(command: string, args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
    const child = spawn(command, args, {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', TUMA_DATA_DIR: 'memory://', LOG_LEVEL: 'info', TUMA_SEED_DEMO: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, output: () => output, exited };
  }

  it('starts, answers /health, and shuts down gracefully on SIGTERM with exit code 0', async () => {
    const server = start(process.execPath, ['--conditions=tuma-source', '--import', 'tsx', 'apps/server/src/main.ts']);
    await listening(server.child, server.output);
    server.child.kill('SIGTERM');
    expect(await server.exited).to.equal(0);
    expect(server.output()).to.contain('"msg":"shutting down"');
    expect(server.output()).to.contain('"msg":"stopped"');
  });

  it('stops when `npm start` itself gets SIGTERM (the signal reaches the server, which closes its port)', async () => {
    const npm = start('npm', ['start']);
    const port = await listening(npm.child, npm.output);
    npm.child.kill('SIGTERM');
    await npm.exited;
    expect(npm.output()).to.contain('"msg":"stopped"');
    const after = await fetch(`http://127.0.0.1:${port}/health`).then(
      () => 'answered',
      () => 'refused',
    );
    expect(after).to.equal('refused');
  });
});
