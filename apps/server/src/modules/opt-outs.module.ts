import { KERNEL_TOKENS, type Clock, type UnitOfWork } from '@tuma/kernel';
import { optOutRoutes } from '@tuma/koa-adapter';
import { AddOptOut, ListOptOuts, MESSAGING_TOKENS, RemoveOptOut, type OptOutList } from '@tuma/messaging';
import { MikroOrmOptOutList, type Database } from '@tuma/mikro-orm-adapter';
import { ContainerModule } from 'inversify';
import { resolve } from '../resolve.ts';
import { SERVER_TOKENS } from '../tokens.ts';
import type { ServerModule } from './server-module.ts';

const bindings = new ContainerModule(({ bind }) => {
  const M = MESSAGING_TOKENS;
  const K = KERNEL_TOKENS;
  bind(M.optOutList).toResolvedValue((db: Database) => new MikroOrmOptOutList(db), [SERVER_TOKENS.database]);
  bind(M.listOptOuts).toResolvedValue((optOuts: OptOutList) => new ListOptOuts(optOuts), [M.optOutList]);
  bind(M.addOptOut).toResolvedValue(
    (optOuts: OptOutList, uow: UnitOfWork, clock: Clock) => new AddOptOut(optOuts, uow, clock),
    [M.optOutList, K.unitOfWork, K.clock],
  );
  bind(M.removeOptOut).toResolvedValue((optOuts: OptOutList, uow: UnitOfWork) => new RemoveOptOut(optOuts, uow), [M.optOutList, K.unitOfWork]);
});

/** Each account's opt-out (STOP) list, which sends consult through `OptOutList`. */
export const optOutsServerModule: ServerModule = {
  name: 'opt-outs',
  bindings,
  routes: (container) =>
    optOutRoutes({
      listOptOuts: resolve(container, MESSAGING_TOKENS.listOptOuts),
      addOptOut: resolve(container, MESSAGING_TOKENS.addOptOut),
      removeOptOut: resolve(container, MESSAGING_TOKENS.removeOptOut),
    }),
};
