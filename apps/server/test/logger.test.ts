import { expect } from 'chai';
import { jsonLogger } from '../src/logger.ts';

describe('server log (pino)', () => {
  const lines = (level: 'debug' | 'info' | 'warn' | 'error' | 'silent', log: (logger: ReturnType<typeof jsonLogger>) => void) => {
    const written: string[] = [];
    log(jsonLogger(level, (line) => written.push(line)));
    return written.map((line) => JSON.parse(line) as Record<string, unknown>);
  };

  it('writes one JSON object per line with an ISO time, the level by name, msg and the fields', () => {
    const [entry] = lines('info', (logger) => logger.info({ msg: 'request', request_id: 'req_1', status: 200 }));
    expect(entry).to.include({ level: 'info', msg: 'request', request_id: 'req_1', status: 200 });
    expect(new Date(entry!.time as string).toISOString()).to.equal(entry!.time);
  });

  it('keeps to LOG_LEVEL: debug hidden at info, everything hidden when silent', () => {
    expect(lines('info', (logger) => logger.debug({ msg: 'detail' }))).to.deep.equal([]);
    expect(lines('silent', (logger) => logger.error({ msg: 'boom' }))).to.deep.equal([]);
    expect(lines('warn', (logger) => logger.warn({ msg: 'careful' }))).to.have.length(1);
  });

  it('never writes an API key or a secret, found by field name or by shape, in the message too', () => {
    const key = 'svc_live_AbCdEfGh12345678AbCdEfGh12345678';
    const text = JSON.stringify(
      lines('info', (logger) =>
        logger.error({
          msg: `failed for ${key}`,
          authorization: `Bearer ${key}`,
          headers: { Authorization: 'Bearer abc.def' },
          error: `Stripe said no to sk_test_0123456789abcdef and whsec_0123456789abcdef`,
          nested: [{ signing_secret: 'whsec_x', note: `key ${key}` }],
        }),
      ),
    );
    for (const secret of [key, 'abc.def', 'sk_test_0123456789abcdef', 'whsec_0123456789abcdef', 'whsec_x']) expect(text).to.not.contain(secret);
    expect(text).to.contain('[REDACTED]').and.contain('failed for');
  });
});
