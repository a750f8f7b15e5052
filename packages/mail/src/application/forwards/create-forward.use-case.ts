import { conflict, err, newId, ok, ResultAsync, validationError, type Clock, type ConflictError, type FieldIssue, type Result, type ValidationError } from '@tuma/kernel';
import { CATCH_ALL, forwardDestination, forwardSource, type Forward } from '../../domain/forwards/forward.ts';
import type { MailDomainRepository } from '../domains/mail-domain.repository.port.ts';
import { forwardOf } from './forward-of.ts';
import type { ForwardRepository } from './forward.repository.port.ts';

export interface CreateForwardInput {
  readonly accountId: string;
  readonly from: string;
  readonly to: string;
}

export type CreateForwardError = ValidationError | ConflictError;

/**
 * `POST /v1/forwards` (docs/mail.md, "Forwards"): an alias or `*@` catch-all of a verified domain
 * of the account, forwarded to an address that is not one we forward ourselves (no chain, no loop).
 */
export class CreateForward {
  constructor(
    private readonly forwards: ForwardRepository,
    private readonly domains: MailDomainRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: CreateForwardInput): ResultAsync<Forward, CreateForwardError> {
    return new ResultAsync(this.add(input));
  }

  private async add(input: CreateForwardInput): Promise<Result<Forward, CreateForwardError>> {
    const issues: FieldIssue[] = [];
    const source = forwardSource(input.from);
    const to = forwardDestination(input.to);
    const domain = source.isOk() ? await this.domains.findByName(input.accountId, source.value.domain) : undefined;
    if (source.isErr()) issues.push({ path: 'from', message: source.error });
    else if (domain?.status !== 'verified') issues.push({ path: 'from', message: `${source.value.domain} is not a verified domain of this account` });
    if (to.isErr()) issues.push({ path: 'to', message: to.error });
    if (source.isOk() && to.isOk() && (await this.loops(source.value, to.value))) {
      issues.push({ path: 'to', message: `${to.value} is an address we forward ourselves: forwarding to it would make a chain or a loop (forward to its destination instead)` });
    }
    if (issues.length > 0 || !domain || source.isErr() || to.isErr()) return err(validationError(issues));
    const now = this.clock.now();
    const forward: Forward = { id: newId('fwd', now), accountId: input.accountId, domainId: domain.id, domainName: domain.name, alias: source.value.alias, to: to.value, createdAt: now };
    if (!(await this.forwards.add(forward))) return err(conflict('forward', `${source.value.alias}@${domain.name} is forwarded already: delete that forward first`));
    return ok(forward);
  }

  /** Whether `to` is one of our forwarded addresses, or would be once this forward exists (its own alias, or any address under its catch-all). */
  private async loops(source: { readonly alias: string; readonly domain: string }, to: string): Promise<boolean> {
    const at = to.lastIndexOf('@');
    const [local, domain] = [to.slice(0, at).toLowerCase(), to.slice(at + 1)];
    if (domain === source.domain && (source.alias === CATCH_ALL || source.alias === local)) return true;
    return (await forwardOf(this.domains, this.forwards, to)) !== undefined;
  }
}
