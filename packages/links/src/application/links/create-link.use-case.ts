import { errAsync, fieldError, okAsync, ResultAsync, type Clock, type ValidationError } from '@tuma/kernel';
import { slugTaken, type SlugTakenError } from '../../domain/links/link-errors.ts';
import { Link, type LinkEnvironment, type LinkSnapshot } from '../../domain/links/link.aggregate.ts';
import { Slug } from '../../domain/links/slug.value-object.ts';
import type { LinkFields, LinkInput } from './link-input.ts';
import type { LinkRepository } from './link.repository.port.ts';
import type { PlanGate } from '../plans/plan-gate.ts';
import type { LinksPlanLimitReachedError, PlanFeatureUnavailableError } from '../../domain/plans/links-plan.ts';
import type { BrandedDomainRepository } from '../domains/branded-domain.repository.port.ts';

export type CreateLinkInput = LinkFields & {
  readonly accountId: string;
  readonly environment: LinkEnvironment;
  readonly url: string;
  readonly domainId?: string | null;
};

/** Generated slugs are retried this many times on a collision (each a 1 in 3.5e12 chance per existing link). */
const GENERATED_SLUG_ATTEMPTS = 5;

/**
 * Shortens a URL (docs/links.md, "Links"): screened target, the caller's slug or a generated one
 * (7 characters), unique on its domain (409 `slug_taken` for a chosen one). A link lives on the
 * default short domain, or on a verified branded domain of the account (`domain_id`, else 422).
 * A live link counts against the plan's `monthlyLinks` (402 past it).
 */
export class CreateLink {
  constructor(
    private readonly links: LinkRepository,
    private readonly input: LinkInput,
    private readonly gate: PlanGate,
    private readonly domains: BrandedDomainRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: CreateLinkInput): ResultAsync<LinkSnapshot, ValidationError | SlugTakenError | LinksPlanLimitReachedError | PlanFeatureUnavailableError> {
    const checked = this.input
      .changes(input, input)
      .andThen((changes) => this.domainOf(input).map(() => changes))
      .andThen((changes) => this.gate.mayCreate(input.accountId, input.environment, 'monthlyLinks').map(() => changes));
    return checked.andThen((changes) => {
      const create = (slug: string) => Link.create({ ...changes, accountId: input.accountId, environment: input.environment, domainId: input.domainId ?? null, slug, url: changes.url! }, this.clock.now()).toSnapshot();
      if (changes.slug !== undefined) {
        const link = create(changes.slug);
        return ResultAsync.fromSafePromise(this.links.add(link)).andThen((added) => (added ? okAsync(link) : errAsync(slugTaken(link.slug))));
      }
      return ResultAsync.fromSafePromise(this.addGenerated(create));
    });
  }

  /** A branded domain must be one of the account's, verified (else 422 naming `domain_id`), on a plan that has them (403). */
  private domainOf(input: CreateLinkInput): ResultAsync<void, ValidationError | PlanFeatureUnavailableError> {
    if (!input.domainId) return okAsync(undefined);
    return ResultAsync.fromSafePromise(this.domains.find(input.accountId, input.domainId)).andThen((domain) =>
      domain?.verified ? this.gate.mayUse(input.accountId, 'hasBrandedDomains').map(() => undefined) : errAsync(fieldError('domain_id', 'No verified branded domain with this id in the account')),
    );
  }

  private async addGenerated(create: (slug: string) => LinkSnapshot): Promise<LinkSnapshot> {
    for (let attempt = 0; attempt < GENERATED_SLUG_ATTEMPTS; attempt++) {
      const link = create(Slug.generate().value);
      if (await this.links.add(link)) return link;
    }
    throw new Error(`No free slug in ${GENERATED_SLUG_ATTEMPTS} generated ones: the slug space is too full`);
  }
}
