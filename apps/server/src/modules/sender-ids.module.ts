import { BILLING_TOKENS, type FxRates, type WalletLedger, type WalletOwners } from '@tuma/billing';
import { KERNEL_TOKENS, type Clock, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import { adminSenderIdRoutes, senderIdRoutes } from '@tuma/koa-adapter';
import {
  ApproveSenderId,
  ChargeSenderIdRecurringFee,
  ListSenderIds,
  MESSAGING_TOKENS,
  RejectSenderId,
  RequestSenderId,
  ReviewSenderIds,
  SENDER_ID_RECURRING_FEE_JOB,
  type Catalogue,
  type SenderIdRepository,
} from '@tuma/messaging';
import { MikroOrmSenderIdRepository, type Database } from '@tuma/mikro-orm-adapter';
import { ContainerModule, type Container } from 'inversify';
import { resolve } from '../resolve.ts';
import { SERVER_TOKENS } from '../tokens.ts';
import type { ServerModule } from './server-module.ts';

const bindings = new ContainerModule(({ bind }) => {
  const M = MESSAGING_TOKENS;
  const B = BILLING_TOKENS;
  const K = KERNEL_TOKENS;
  bind(M.senderIdRepository).toResolvedValue((db: Database) => new MikroOrmSenderIdRepository(db), [SERVER_TOKENS.database]);
  // Sends check approvals through the narrow port; it is the same repository.
  bind(M.senderIdApprovals).toResolvedValue((repository: SenderIdRepository) => repository, [M.senderIdRepository]);
  bind(M.requestSenderId).toResolvedValue(
    (catalogue: Catalogue, repository: SenderIdRepository, uow: UnitOfWork, clock: Clock) => new RequestSenderId(catalogue, repository, uow, clock),
    [M.catalogue, M.senderIdRepository, K.unitOfWork, K.clock],
  );
  bind(M.listSenderIds).toResolvedValue((repository: SenderIdRepository) => new ListSenderIds(repository), [M.senderIdRepository]);
  bind(M.reviewSenderIds).toResolvedValue(
    (repository: SenderIdRepository, catalogue: Catalogue) => new ReviewSenderIds(repository, catalogue),
    [M.senderIdRepository, M.catalogue],
  );
  bind(M.approveSenderId).toResolvedValue(
    (repository: SenderIdRepository, catalogue: Catalogue, fxRates: FxRates, owners: WalletOwners, ledger: WalletLedger, jobs: JobScheduler, uow: UnitOfWork, clock: Clock) =>
      new ApproveSenderId(repository, catalogue, fxRates, owners, ledger, jobs, uow, clock),
    [M.senderIdRepository, M.catalogue, B.fxRates, B.walletOwners, B.walletLedger, K.jobScheduler, K.unitOfWork, K.clock],
  );
  bind(M.chargeSenderIdRecurringFee).toResolvedValue(
    (repository: SenderIdRepository, catalogue: Catalogue, fxRates: FxRates, owners: WalletOwners, ledger: WalletLedger, jobs: JobScheduler, uow: UnitOfWork, clock: Clock) =>
      new ChargeSenderIdRecurringFee(repository, catalogue, fxRates, owners, ledger, jobs, uow, clock),
    [M.senderIdRepository, M.catalogue, B.fxRates, B.walletOwners, B.walletLedger, K.jobScheduler, K.unitOfWork, K.clock],
  );
  bind(M.rejectSenderId).toResolvedValue(
    (repository: SenderIdRepository, catalogue: Catalogue, uow: UnitOfWork, clock: Clock) => new RejectSenderId(repository, catalogue, uow, clock),
    [M.senderIdRepository, M.catalogue, K.unitOfWork, K.clock],
  );
});

/**
 * Sender-ID registration requests (customers) and their review (operators): the fee is charged on
 * approval, in the wallet currency. See docs/sender-ids.md.
 */
/** The worker charging recurring per-network fees, each period in its own ORM context. */
function registerJobs(container: Container): void {
  const database: Database = resolve(container, SERVER_TOKENS.database);
  resolve(container, SERVER_TOKENS.jobs).register(SENDER_ID_RECURRING_FEE_JOB, async (payload) => {
    await database.withContext(() => resolve(container, MESSAGING_TOKENS.chargeSenderIdRecurringFee).execute(payload));
  });
}

export const senderIdsServerModule: ServerModule = {
  name: 'sender-ids',
  bindings,
  jobs: registerJobs,
  routes: (container) => [
    ...senderIdRoutes({
      requestSenderId: resolve(container, MESSAGING_TOKENS.requestSenderId),
      listSenderIds: resolve(container, MESSAGING_TOKENS.listSenderIds),
    }),
    ...adminSenderIdRoutes({
      reviewSenderIds: resolve(container, MESSAGING_TOKENS.reviewSenderIds),
      approveSenderId: resolve(container, MESSAGING_TOKENS.approveSenderId),
      rejectSenderId: resolve(container, MESSAGING_TOKENS.rejectSenderId),
    }),
  ],
};
