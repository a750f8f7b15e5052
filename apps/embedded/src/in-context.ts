/**
 * On a database every use case runs in an ORM context of its own (`Database.withContext`), as the
 * server runs each request. The facade an embedder calls wraps each call in one, so
 * `tuma.messaging.sendMessage.execute(...)` and `tuma.wallets.balance(...)` work as they are; the
 * core calls itself unwrapped. Every wrapped call answers a `ResultAsync`, as the core's do.
 */
import { ResultAsync } from 'neverthrow';

export type Around = <T>(work: () => Promise<T>) => Promise<T>;

/** Each use case of a factory's answer (an object with `execute`), its `execute` run in context. */
export function useCasesInContext<Service extends object>(service: Service, around: Around): Service {
  const wrapped = Object.entries(service).map(([name, member]) => [name, hasExecute(member) ? callsInContext(member, around, (key) => key === 'execute') : member]);
  return Object.fromEntries(wrapped) as Service;
}

/** Every method of `target` (a service such as the wallet ledger) run in context. */
export const methodsInContext = <T extends object>(target: T, around: Around): T => callsInContext(target, around, () => true);

const hasExecute = (value: unknown): value is { execute: unknown } => typeof value === 'object' && value !== null && typeof (value as { execute?: unknown }).execute === 'function';

function callsInContext<T extends object>(target: T, around: Around, wraps: (key: string | symbol) => boolean): T {
  return new Proxy(target, {
    get(object, key) {
      const value = Reflect.get(object, key, object) as unknown;
      if (typeof value !== 'function') return value;
      if (!wraps(key)) return value.bind(object);
      return (...args: unknown[]) => new ResultAsync(around(async () => await (value as (...a: unknown[]) => PromiseLike<never>).apply(object, args)));
    },
  });
}
