import { jobRoute, type Clock, type JobRoute, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import type { DkimKeys } from './application/domains/dkim-keys.port.ts';
import type { MailDomainRepository } from './application/domains/mail-domain.repository.port.ts';
import { FORWARD_MESSAGE_JOB } from './application/forwards/forward-message.job.ts';
import type { ForwardRepository } from './application/forwards/forward.repository.port.ts';
import { CreateForward } from './application/forwards/create-forward.use-case.ts';
import { DeleteForward } from './application/forwards/delete-forward.use-case.ts';
import { ListForwardLog } from './application/forwards/list-forward-log.use-case.ts';
import { ListForwards } from './application/forwards/list-forwards.use-case.ts';
import { ReceiveForwardedMail } from './application/forwards/receive-forwarded-mail.use-case.ts';
import { RelayForwardedMail } from './application/forwards/relay-forwarded-mail.use-case.ts';
import type { MailTransport } from './application/sending/mail-transport.port.ts';

export interface MailForwardPorts {
  readonly clock: Clock;
  readonly unitOfWork: UnitOfWork;
  readonly jobs: JobScheduler;
  readonly forwards: ForwardRepository;
  readonly domains: MailDomainRepository;
  readonly dkimKeys: DkimKeys;
  readonly transport: MailTransport;
  /** The key of SRS hashes (MAIL_SRS_KEY). */
  readonly srsKey: () => Buffer;
}

/** The mail API's forwards (docs/mail.md, "Forwards"): the routes' use cases, the inbound server's, and the job's. */
export function createMailForwards(ports: MailForwardPorts) {
  const { clock, forwards, domains } = ports;
  return {
    createForward: new CreateForward(forwards, domains, clock),
    listForwards: new ListForwards(forwards),
    deleteForward: new DeleteForward(forwards),
    listForwardLog: new ListForwardLog(forwards),
    receive: new ReceiveForwardedMail(forwards, domains, ports.jobs, ports.unitOfWork, ports.srsKey, clock),
    relay: new RelayForwardedMail(forwards, domains, ports.dkimKeys, ports.transport, clock),
  };
}

export type MailForwardService = ReturnType<typeof createMailForwards>;

/** The forward job, for the workers. */
export const mailForwardJobRoutes = (service: MailForwardService): JobRoute[] => [jobRoute(FORWARD_MESSAGE_JOB, (payload, context) => service.relay.execute(payload, context))];
