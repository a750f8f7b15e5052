import { err, notFound, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { ForwardLogEntry } from '../../domain/forwards/forward-attempt.ts';
import { pageOf, type Page } from '../paging.ts';
import type { ForwardLogQuery, ForwardRepository } from './forward.repository.port.ts';

/** `GET /v1/forwards/{id}/log`: a forward's log, newest first; another account's forward is not found. */
export class ListForwardLog {
  constructor(private readonly forwards: ForwardRepository) {}

  execute(query: ForwardLogQuery): ResultAsync<Page<ForwardLogEntry>, NotFoundError> {
    return ResultAsync.fromSafePromise(this.forwards.find(query.accountId, query.forwardId)).andThen((forward) =>
      forward ? pageOf((limit) => this.forwards.log({ ...query, limit }), query.limit) : err(notFound('forward', query.forwardId)),
    );
  }
}
