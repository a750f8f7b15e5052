import { expect } from 'chai';
import type { AccessChange, AccessChangeListener } from '@tuma/accounts';
import { atomically, err, ok } from '@tuma/kernel';
import { DatabaseNotifications, MikroOrmAccessChanges, MikroOrmUnitOfWork } from '../../src/index.ts';
import { databaseKind, testDatabase } from '../../../../test/support/test-database.ts';

class Recorder implements AccessChangeListener {
  readonly heard: AccessChange[] = [];
  events: string[] = [];
  changed(change: AccessChange): void {
    this.heard.push(change);
  }
  interrupted(): void {
    this.events.push('interrupted');
  }
  resumed(): void {
    this.events.push('resumed');
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, ms = 2_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Not within ${ms} ms`);
    await sleep(10);
  }
}

describe(`access changes through LISTEN/NOTIFY on ${databaseKind()}`, () => {
  const hubs: DatabaseNotifications[] = [];
  after(async () => {
    for (const hub of hubs) await hub.stop();
  });

  /** One process's notifications (its own LISTEN connection) and access changes over them. */
  async function feed(): Promise<{ feed: MikroOrmAccessChanges; hub: DatabaseNotifications; recorder: Recorder }> {
    const database = await testDatabase();
    const hub = new DatabaseNotifications(database);
    hubs.push(hub);
    const changes = new MikroOrmAccessChanges(hub);
    const recorder = new Recorder();
    changes.subscribe(recorder);
    expect(recorder.events, 'nothing is heard before start').to.deep.equal([]);
    await hub.start();
    expect(recorder.events).to.deep.equal(['resumed']);
    return { feed: changes, hub, recorder };
  }

  it('delivers a change published in a unit of work to every listener once it commits, and never one rolled back', async () => {
    const database = await testDatabase();
    const uow = new MikroOrmUnitOfWork(database);
    const one = await feed();
    const other = await feed();
    const keyId = `key_${Date.now()}`;

    await database.withContext(() =>
      atomically(uow, async () => {
        await one.feed.publish({ keyId: `${keyId}_rolled_back` });
        return err('no');
      }),
    );
    let heardBeforeCommit = true;
    await database.withContext(() =>
      atomically(uow, async () => {
        await one.feed.publish({ keyId });
        await one.feed.publish({ accountId: 'acc_1' });
        await sleep(100);
        heardBeforeCommit = other.recorder.heard.length > 0;
        return ok(undefined);
      }),
    );
    expect(heardBeforeCommit, 'nothing before the commit').to.equal(false);
    for (const { recorder } of [one, other]) {
      await until(() => recorder.heard.length >= 2);
      expect(recorder.heard).to.deep.equal([{ keyId }, { accountId: 'acc_1' }]);
    }
  });

  it('tells its listeners it is no longer hearing once stopped', async () => {
    const { hub, recorder } = await feed();
    await hub.stop();
    expect(recorder.events).to.deep.equal(['resumed', 'interrupted']);
  });

  it('on PostgreSQL, reconnects when its connection is killed: interrupted, then resumed and hearing again', async function () {
    if (databaseKind() !== 'postgresql') {
      this.test!.title += ' [skipped: PGlite listens on its one session, which has no connection to lose]';
      this.skip();
    }
    const database = await testDatabase();
    const { feed: changes, recorder } = await feed();
    await database.withContext(() => database.em.getConnection().execute(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'tuma-listen' and datname = current_database()`));
    await until(() => recorder.events.length >= 3, 5_000);
    expect(recorder.events).to.deep.equal(['resumed', 'interrupted', 'resumed']);
    await database.withContext(() => atomically(new MikroOrmUnitOfWork(database), async () => ok(await changes.publish({ accountId: 'acc_after' }))));
    await until(() => recorder.heard.some((change) => 'accountId' in change && change.accountId === 'acc_after'));
  });
});
