import { errAsync, fieldError, okAsync, ResultAsync, type ValidationError } from '@tuma/kernel';
import type { LinkChanges, LinkEnvironment } from '../../domain/links/link.aggregate.ts';
import type { CampaignRepository } from '../campaigns/campaign.repository.port.ts';
import { checkLinkPassword } from '../../domain/links/link-password.ts';
import { Slug } from '../../domain/links/slug.value-object.ts';
import type { Utm } from '../../domain/links/utm.ts';
import type { LinkPasswords } from './link-passwords.port.ts';
import type { TargetScreen } from './target-screen.ts';

/** What a caller may set on a link (create and patch); absent fields are left alone, null clears. */
export interface LinkFields {
  readonly url?: string;
  readonly slug?: string;
  readonly campaignId?: string | null;
  readonly title?: string | null;
  readonly tags?: readonly string[];
  readonly expiresAt?: Date | null;
  readonly expiredUrl?: string | null;
  /** The password in clear (hashed here), or null to remove it. */
  readonly password?: string | null;
  readonly utm?: Utm;
}

/**
 * Turns the fields a caller sent into the link's changes: targets screened (`url`, `expired_url`),
 * the slug checked, the password checked (8-128 characters) and hashed, the campaign one of the account's (in the caller's
 * environment), else a 422 naming `campaign_id`.
 */
export class LinkInput {
  constructor(
    private readonly screen: TargetScreen,
    private readonly passwords: LinkPasswords,
    private readonly campaigns: CampaignRepository,
  ) {}

  changes(owner: { readonly accountId: string; readonly environment: LinkEnvironment }, fields: LinkFields): ResultAsync<LinkChanges, ValidationError> {
    const slug = fields.slug === undefined ? undefined : Slug.create(fields.slug);
    if (slug?.isErr()) return errAsync(slug.error);
    const slugValue = slug?.isOk() ? slug.value.value : undefined;
    const password = fields.password === undefined || fields.password === null ? undefined : checkLinkPassword(fields.password);
    if (password?.isErr()) return errAsync(password.error);
    const screened = (raw: string | null | undefined, field: string): ResultAsync<string | null | undefined, ValidationError> =>
      raw === undefined || raw === null ? okAsync(raw) : this.screen.screen(raw, field);
    const campaign = (id: string | null | undefined): ResultAsync<void, ValidationError> =>
      !id
        ? okAsync(undefined)
        : ResultAsync.fromSafePromise(this.campaigns.find(owner.accountId, owner.environment, id)).andThen((found) =>
            found ? okAsync(undefined) : errAsync(fieldError('campaign_id', 'No campaign with this id in the account')),
          );
    return ResultAsync.combine([screened(fields.url, 'url'), screened(fields.expiredUrl, 'expired_url'), campaign(fields.campaignId)]).andThen(([url, expiredUrl]) =>
      ResultAsync.fromSafePromise(this.passwordHash(fields.password)).map(
        (passwordHash): LinkChanges => ({
          url: url ?? undefined,
          slug: slugValue,
          campaignId: fields.campaignId,
          title: fields.title,
          tags: fields.tags,
          expiresAt: fields.expiresAt,
          expiredUrl,
          passwordHash,
          utm: fields.utm,
        }),
      ),
    );
  }

  private async passwordHash(password: string | null | undefined): Promise<string | null | undefined> {
    return password === undefined || password === null ? password : this.passwords.hash(password);
  }
}
