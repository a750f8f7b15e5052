import type { IdempotentRequest } from '@tuma/idempotency';
import { errAsync, fieldError, okAsync, ResultAsync, type Clock, type Result, type ValidationError } from '@tuma/kernel';
import { slugTaken, type SlugTakenError } from '../../domain/links/link-errors.ts';
import { Link, type LinkChanges, type LinkEnvironment, type LinkSnapshot } from '../../domain/links/link.aggregate.ts';
import { Slug } from '../../domain/links/slug.value-object.ts';
import type { LinkFields, LinkInput } from './link-input.ts';
import type { LinkRepository } from './link.repository.port.ts';
import type { PlanGate } from '../plans/plan-gate.ts';
import type { LinksPlanLimitReachedError, PlanFeatureUnavailableError } from '../../domain/plans/links-plan.ts';
import type { BrandedDomainRepository } from '../domains/branded-domain.repository.port.ts';
import { readPhoneField, type InvalidPhoneField } from '@tuma/messaging';
import { smsText, type LinkSender, type LinkSms, type LinkSmsError } from './link-sms.ts';

export type CreateLinkInput = LinkFields & {
  readonly accountId: string;
  readonly environment: LinkEnvironment;
  readonly url: string;
  readonly domainId?: string | null;
  /** Send the new link by SMS (a plan with the SMS integration): `{{link}}` in `text` is replaced by the short URL, else it is appended. */
  readonly sms?: { readonly to: string; readonly text?: string | undefined } | undefined;
  /** The caller's key, named on the SMS (null for the dashboard's token). */
  readonly apiKeyId?: string | null;
  /**
   * The request's Idempotency-Key: a link sent by SMS keeps its answer in the SMS's unit of work
   * (docs/idempotency.md), so a retry after a lost answer gets it again rather than a second SMS.
   */
  readonly idempotency?: IdempotentRequest<Result<CreatedLink, CreateLinkError>> | undefined;
};

/** A new link with its short URL, and the SMS it was sent by when asked. */
export interface CreatedLink {
  readonly link: LinkSnapshot;
  readonly shortUrl: string;
  readonly sms?: LinkSms;
}

export type CreateLinkError = ValidationError | SlugTakenError | LinksPlanLimitReachedError | PlanFeatureUnavailableError | InvalidPhoneField | LinkSmsError;

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
    private readonly sender: LinkSender,
    private readonly shortUrlOf: (link: LinkSnapshot) => Promise<string>,
    private readonly clock: Clock,
  ) {}

  execute(input: CreateLinkInput): ResultAsync<CreatedLink, CreateLinkError> {
    const phone = input.sms ? readPhoneField(input.sms.to, 'sms.to') : undefined;
    if (phone?.isErr()) return errAsync(phone.error);
    const checked = this.input
      .changes(input, input)
      .andThen((changes) => this.domainOf(input).map(() => changes))
      .andThen((changes) => (input.sms ? this.gate.mayUse(input.accountId, 'hasSmsIntegration').map(() => changes) : okAsync(changes)))
      .andThen((changes) => this.gate.mayCreate(input.accountId, input.environment, 'monthlyLinks').map(() => changes));
    if (input.sms) {
      const sms = input.sms;
      return checked.andThen((changes) => this.sendBySms(input, changes, { to: phone!._unsafeUnwrap().e164, text: sms.text }));
    }
    return checked
      .andThen((changes): ResultAsync<LinkSnapshot, CreateLinkError> => {
        const create = (slug: string) => Link.create({ ...changes, accountId: input.accountId, environment: input.environment, domainId: input.domainId ?? null, slug, url: changes.url! }, this.clock.now()).toSnapshot();
        if (changes.slug !== undefined) {
          const link = create(changes.slug);
          return ResultAsync.fromSafePromise(this.links.add(link)).andThen((added) => (added ? okAsync(link) : errAsync(slugTaken(link.slug))));
        }
        return ResultAsync.fromSafePromise(this.addGenerated(create));
      })
      .andThen((link) => ResultAsync.fromSafePromise(this.shortUrlOf(link)).map((shortUrl) => ({ link, shortUrl })));
  }

  /**
   * The link is made with its SMS (`LinkSender`): its slug checked free first (a chosen one taken is
   * 409), then written in the send's unit of work, so a refused SMS leaves no link.
   */
  private sendBySms(input: CreateLinkInput, changes: LinkChanges, sms: { readonly to: string; readonly text: string | undefined }): ResultAsync<CreatedLink, CreateLinkError> {
    const domainId = input.domainId ?? null;
    const create = (slug: string) => Link.create({ ...changes, accountId: input.accountId, environment: input.environment, domainId, slug, url: changes.url! }, this.clock.now()).toSnapshot();
    const free = (slug: string) => this.links.findBySlug(domainId, slug).then((found) => found === undefined);
    const link: ResultAsync<LinkSnapshot, SlugTakenError> =
      changes.slug !== undefined
        ? ResultAsync.fromSafePromise(free(changes.slug)).andThen((isFree) => (isFree ? okAsync(create(changes.slug!)) : errAsync(slugTaken(changes.slug!))))
        : ResultAsync.fromSafePromise(this.freeGenerated(create, free));
    return link.andThen((made) =>
      ResultAsync.fromSafePromise(this.shortUrlOf(made)).andThen((shortUrl) => {
        const created = (sent: LinkSms): CreatedLink => ({ link: made, shortUrl, sms: sent });
        const { idempotency } = input;
        const answer = idempotency && { claim: idempotency.claim, respond: (outcome: Result<LinkSms, LinkSmsError>) => idempotency.respond(outcome.map(created)) };
        return this.sender.send({ link: made, apiKeyId: input.apiKeyId ?? null, to: sms.to, text: smsText(sms.text, shortUrl), idempotency: answer }).map(created);
      }),
    );
  }

  private async freeGenerated(create: (slug: string) => LinkSnapshot, free: (slug: string) => Promise<boolean>): Promise<LinkSnapshot> {
    for (let attempt = 0; attempt < GENERATED_SLUG_ATTEMPTS; attempt++) {
      const link = create(Slug.generate().value);
      if (await free(link.slug)) return link;
    }
    throw new Error(`No free slug in ${GENERATED_SLUG_ATTEMPTS} generated ones: the slug space is too full`);
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
