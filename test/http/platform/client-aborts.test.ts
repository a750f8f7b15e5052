import { expect } from 'chai';
import { connect } from 'node:net';
import { databaseKind } from '../../support/test-database.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { until } from '../../support/until.ts';

/** A client that hangs up mid-request is logged as an abort, never as a 500 with a stack. */
describe(`HTTP client aborts on ${databaseKind()}`, () => {
  let api: TestServer;
  const log: Record<string, unknown>[] = [];

  before(async () => {
    api = await startTestServer({}, { log: (line) => log.push(JSON.parse(line)) });
  });
  after(() => api.stop());

  it('logs a request whose client closed while sending its body as aborted, with no error entry', async () => {
    const socket = connect(api.started.port!, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      ['POST /api/messages/send HTTP/1.1', 'Host: 127.0.0.1', `Authorization: Bearer ${api.started.demo!.testKey}`, 'Content-Type: application/json', 'Content-Length: 5000', '', '{"to":"+2547'].join('\r\n'),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    const line = await until('the request line', async () => log.find((entry) => entry.msg === 'request' && entry.path === '/api/messages/send'), (entry) => entry !== undefined);
    expect(line).to.include({ status: 'aborted', method: 'POST' });
    expect(log.filter((entry) => entry.level === 'error')).to.deep.equal([]);
  });
});
