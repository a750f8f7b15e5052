import { expect } from 'chai';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { privatePostgresMissing, skipBecause, startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.ts';

const select1 = async (url: string): Promise<unknown> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return (await client.query('select 1 as one')).rows[0].one;
  } finally {
    await client.end().catch(() => undefined);
  }
};

describe('private PostgreSQL cluster (test harness)', function () {
  this.timeout(60_000);
  let cluster: PrivatePostgres;

  before(async function () {
    const missing = privatePostgresMissing();
    if (missing) skipBecause(this, missing);
    cluster = await startPrivatePostgres();
  });
  after(async () => cluster?.destroy());

  it('answers on its own port, refuses connections once stopped, and answers again on the same port and data once started', async () => {
    expect(cluster.url).to.equal(`postgres://postgres@127.0.0.1:${cluster.port}/postgres`);
    expect(cluster.port).to.not.equal(5432);
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    await client.query('create table kept (n int); insert into kept values (7)');
    await client.end();

    await cluster.stop();
    const refused = await select1(cluster.url).then(() => undefined, (error: NodeJS.ErrnoException) => error.code);
    expect(refused).to.equal('ECONNREFUSED');

    await cluster.start();
    const again = new pg.Client({ connectionString: cluster.url });
    await again.connect();
    expect((await again.query('select n from kept')).rows).to.deep.equal([{ n: 7 }]);
    await again.end();
  });

  it('destroy removes its directory', async () => {
    const other = await startPrivatePostgres();
    expect(existsSync(`${other.directory}/data/PG_VERSION`)).to.equal(true);
    await other.destroy();
    expect(existsSync(other.directory)).to.equal(false);
    expect(await select1(other.url).then(() => 'answered', () => 'refused')).to.equal('refused');
  });
});
