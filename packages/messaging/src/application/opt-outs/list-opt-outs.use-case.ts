import { checkLimit, ResultAsync, type ValidationError } from '@tuma/kernel';
import type { OptOutList } from './opt-out-list.port.ts';
import { OPT_OUT_LIST_DEFAULT_LIMIT, OPT_OUT_LIST_MAX_LIMIT, type OptOut } from '../../domain/opt-outs/opt-out.model.ts';

export interface ListOptOutsInput {
  readonly accountId: string;
  /** 1 to 1000; 200 when absent. */
  readonly limit?: number;
}

/** The account's opt-out list, newest first. */
export class ListOptOuts {
  constructor(private readonly optOuts: OptOutList) {}

  execute(input: ListOptOutsInput): ResultAsync<readonly OptOut[], ValidationError> {
    const limit = input.limit ?? OPT_OUT_LIST_DEFAULT_LIMIT;
    return checkLimit(limit, OPT_OUT_LIST_MAX_LIMIT).asyncAndThen((checked) => ResultAsync.fromSafePromise(this.optOuts.list(input.accountId, checked)));
  }
}
