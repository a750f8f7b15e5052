import { sql } from 'kysely';
import type { Database } from './database.ts';

/**
 * A roll-up table written by triggers as unfolded delta rows (`folded = false`, any number per key)
 * and read as the sum of all its rows, folded or not. Folding merges the unfolded rows into the one
 * folded row of their key, which changes no sum a reader sees.
 */
export interface Rollup {
  readonly table: string;
  /** The key's columns. */
  readonly key: readonly string[];
  /** The conflict target of the table's unique index on folded rows (nullable columns through coalesce). */
  readonly conflictTarget: string;
  /** The columns that add up. */
  readonly sums: readonly string[];
}

/** Unfolded rows one round folds at most: a short transaction even after a day without folds. */
const FOLD_ROWS = 50_000;

/**
 * One statement per round: the unfolded rows deleted and added to their keys' folded rows (`on
 * conflict ... do update set n = n + excluded.n`), in key order. A reader's snapshot sees the rows
 * before or after, never a part. Folders of the same table take turns (a transaction-level advisory
 * lock, tried: the other one has the work in hand).
 */
const foldStatement = (rollup: Rollup) => {
  const key = rollup.key.join(', ');
  return sql<{ moved: number }>`
    with moved as (
      delete from ${sql.table(rollup.table)} where ctid = any (array(select ctid from ${sql.table(rollup.table)} where not folded limit ${sql.lit(FOLD_ROWS)}))
      returning *
    ), merged as (
      insert into ${sql.table(rollup.table)} (${sql.raw(key)}, ${sql.raw(rollup.sums.join(', '))}, folded)
      select ${sql.raw(key)}, ${sql.raw(rollup.sums.map((column) => `sum(${column})`).join(', '))}, true from moved group by ${sql.raw(key)} order by ${sql.raw(key)}
      on conflict (${sql.raw(rollup.conflictTarget)}) where folded
      do update set ${sql.raw(rollup.sums.map((column) => `${column} = ${rollup.table}.${column} + excluded.${column}`).join(', '))}
    )
    select count(*)::int as moved from moved`;
};

/** Folds roll-up tables (`RollupFolds.foldAll`, every few seconds in worker processes). */
export class RollupFolds {
  constructor(
    private readonly database: Database,
    private readonly rollups: readonly Rollup[],
  ) {}

  /** Every unfolded row of every table that no other folder has in hand; how many were folded. */
  async foldAll(): Promise<number> {
    let folded = 0;
    for (const rollup of this.rollups) {
      for (;;) {
        const moved = await this.foldRound(rollup);
        folded += moved;
        if (moved < FOLD_ROWS) break;
      }
    }
    return folded;
  }

  private foldRound(rollup: Rollup): Promise<number> {
    return this.database.em.transactional(async () => {
      const { rows } = await sql<{ mine: boolean }>`select pg_try_advisory_xact_lock(hashtextextended(${`fold:${rollup.table}`}, 0)) as mine`.execute(this.database.query);
      if (!rows[0]!.mine) return 0;
      const folded = await foldStatement(rollup).execute(this.database.query);
      return folded.rows[0]!.moved;
    });
  }
}
