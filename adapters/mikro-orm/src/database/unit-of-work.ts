import { ResultAsync, type Result, type UnitOfWork, type UnitOfWorkOptions } from '@tuma/kernel';
import type { Database } from './database.ts';

const ROLLBACK = Symbol('rollback');

/** A database transaction per unit of work; an Err outcome rolls it back like a throw does. */
export class MikroOrmUnitOfWork implements UnitOfWork {
  constructor(private readonly database: Database) {}

  run<T, E>(work: () => ResultAsync<T, E>, options: UnitOfWorkOptions = {}): ResultAsync<T, E> {
    return new ResultAsync(this.transact(work, options));
  }

  private async transact<T, E>(work: () => ResultAsync<T, E>, { savepoint = true }: UnitOfWorkOptions): Promise<Result<T, E>> {
    let outcome: Result<T, E> | undefined;
    try {
      await this.database.em.transactional(
        async () => {
          outcome = await work();
          if (outcome.isErr()) throw ROLLBACK;
        },
        { propagation: savepoint ? 'nested' : 'required' },
      );
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
    return outcome!;
  }
}
