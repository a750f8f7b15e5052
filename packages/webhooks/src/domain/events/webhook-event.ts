/**
 * What the engine delivers: an event of one product (SMS, mail, two-way, links) for one account's
 * endpoints. The product decides where it goes (its `kind` names which of the owner's endpoints:
 * SMS's `dlr` and `mo`); the engine stores it with that URL, signs it and delivers it. Its id
 * (`evt_...`) is the event id header of every attempt to deliver it.
 */

/** Test traffic's events go to the test endpoints, signed with the test secret; live ones to the live endpoints. */
export type WebhookEnvironment = 'live' | 'test';

/** Whose endpoints and secret: an account's configuration in one environment. */
export interface WebhookOwner {
  readonly accountId: string;
  readonly environment: WebhookEnvironment;
}

/** A map key for an owner. */
export const ownerKey = (owner: WebhookOwner): string => `${owner.accountId}/${owner.environment}`;

/** Whether `item` belongs to `owner` (the same account and environment): anything else is not found. */
export const sameOwner = (owner: WebhookOwner, item: WebhookOwner): boolean => item.accountId === owner.accountId && item.environment === owner.environment;

export interface WebhookEvent extends WebhookOwner {
  /** `evt_<ULID>`, from `newId('evt')`. */
  readonly id: string;
  /** Which of the owner's endpoints it goes to, in the product's terms (SMS: `dlr` or `mo`). */
  readonly kind: string;
  /** `message.delivered`, `message.inbound`, `email.bounced`, ...: what happened. */
  readonly type: string;
  /** The JSON body sent, exactly. */
  readonly payload: Readonly<Record<string, unknown>>;
  readonly createdAt: Date;
}
