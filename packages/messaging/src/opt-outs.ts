/** Opt-out (STOP) lists: the `OptOutList` port sends consult, its in-memory form and the use cases of `/api/opt-outs`. */
export {
  API_ORIGIN,
  OPT_OUT_KEYWORD_MAX_LENGTH,
  OPT_OUT_LIST_DEFAULT_LIMIT,
  OPT_OUT_LIST_MAX_LIMIT,
  OPT_OUT_SOURCES,
  smsOrigin,
  type OptOut,
  type OptOutOrigin,
  type OptOutSource,
} from './domain/opt-outs/opt-out.model.ts';
export type { OptOutAddition, OptOutList } from './application/opt-outs/opt-out-list.port.ts';
export { ListOptOuts, type ListOptOutsInput } from './application/opt-outs/list-opt-outs.use-case.ts';
export { AddOptOut, type AddOptOutError, type AddOptOutInput } from './application/opt-outs/add-opt-out.use-case.ts';
export { RemoveOptOut, type OptOutRemoval, type RemoveOptOutInput } from './application/opt-outs/remove-opt-out.use-case.ts';
