import { err, errAsync, GroupCommit, Money, newId, notFound, ok, ResultAsync, type Clock, type GroupCommitOptions, type NotFoundError } from '@tuma/kernel';
import { readPhoneField, type InvalidPhoneField, type SendOtpError, type Sender } from '@tuma/messaging';
import { maskedOtpText, renderOtpText } from '../../domain/apps/otp-text.ts';
import { ttlMinutes, type VerifyAppSnapshot } from '../../domain/apps/verify-app.ts';
import { Verification, type VerificationSnapshot } from '../../domain/verifications/verification.aggregate.ts';
import { defaultAppOf } from '../apps/verify-app-use-cases.ts';
import type { VerifyAppRepository } from '../apps/verify-app.repository.port.ts';
import { randomCode, type CodeHasher } from './code-hasher.ts';
import type { OtpSender } from './otp-sender.port.ts';
import { countryNotAllowed, velocityLimited, type CountryNotAllowedError, type VelocityLimitedError } from './verification-errors.ts';
import type { VerificationRepository } from './verification.repository.port.ts';
import { stateOf, type VerificationState } from './verification-state.ts';
import type { VelocityLimits } from './velocity-limits.port.ts';

/** Starts allowed per hour (docs/verify.md, "Fraud guards"). */
export interface VelocityPolicy {
  /** To one number, per account and environment. */
  readonly perNumberPerHour: number;
  /** To one country, per account and environment. */
  readonly perCountryPerHour: number;
}

export const DEFAULT_VELOCITY: VelocityPolicy = { perNumberPerHour: 5, perCountryPerHour: 1000 };

export interface StartVerificationOptions {
  readonly velocity?: VelocityPolicy;
  /** Draws each code (default: `randomCode`, the CSPRNG). */
  readonly generateCode?: (length: number) => string;
  /** How the rows of starts that end together are gathered into one insert (e.g. `around`: a fresh database context). */
  readonly groupCommit?: Omit<GroupCommitOptions, 'maxBatch'>;
}

/** Most verifications stored in one statement. */
const ADD_BATCH_MAX = 64;

export interface StartVerificationInput {
  readonly sender: Sender;
  readonly to: string;
  readonly appId?: string | undefined;
}

export interface StartedVerification extends VerificationState {
  /** Test keys only: the code, since they send no SMS. */
  readonly sandboxCode: string | null;
}

export type StartVerificationError = InvalidPhoneField | NotFoundError | CountryNotAllowedError | VelocityLimitedError | SendOtpError;

const HOUR_SECONDS = 3600;

/**
 * `POST /v1/verify/start`: a code for a number, by SMS (docs/verify.md). The app's countries and the
 * velocity limits are checked before anything is paid; the SMS is sent (live keys: charged, stored
 * masked, submitted at once), and the verification is stored pending with the code's hash only.
 * A carrier refusal stores it `failed` (the SMS refunded) and answers `otp_send_failed`.
 */
export class StartVerification {
  private readonly velocity: VelocityPolicy;
  private readonly generateCode: (length: number) => string;
  /** Starts that end at the same time store their rows in one statement (one commit). */
  private readonly adds: GroupCommit<VerificationSnapshot, undefined>;

  constructor(
    private readonly apps: VerifyAppRepository,
    private readonly verifications: VerificationRepository,
    private readonly otp: OtpSender,
    private readonly limits: VelocityLimits,
    private readonly hasher: CodeHasher,
    private readonly clock: Clock,
    options: StartVerificationOptions = {},
  ) {
    this.velocity = options.velocity ?? DEFAULT_VELOCITY;
    this.generateCode = options.generateCode ?? randomCode;
    this.adds = new GroupCommit(
      async (snapshots) => {
        await this.verifications.add(snapshots);
        return snapshots.map(() => undefined);
      },
      { maxBatch: ADD_BATCH_MAX, ...options.groupCommit },
    );
  }

  execute(input: StartVerificationInput): ResultAsync<StartedVerification, StartVerificationError> {
    const phone = readPhoneField(input.to, 'to');
    if (phone.isErr()) return errAsync(phone.error);
    const { e164, country } = phone.value;
    return ResultAsync.fromSafePromise(this.appFor(input))
      .andThen((app) => (app ? ok(app) : err(notFound('Verify App', input.appId!))))
      .andThen((app) => (app.allowedCountries.length === 0 || app.allowedCountries.includes(country) ? ok(app) : err(countryNotAllowed(country, app.id))))
      .andThen((app) => ResultAsync.fromSafePromise(this.takeVelocity(input.sender, e164, country)).andThen((refused) => (refused ? err(refused) : ok(app))))
      .andThen((app) => this.send(input, app, e164, country));
  }

  private appFor(input: StartVerificationInput): Promise<VerifyAppSnapshot | undefined> {
    const accountId = input.sender.accountId;
    return input.appId === undefined ? defaultAppOf(this.apps, accountId, this.clock.now()) : this.apps.find(accountId, input.appId);
  }

  private async takeVelocity(sender: Sender, e164: string, country: string): Promise<VelocityLimitedError | undefined> {
    const scope = `${sender.accountId}:${sender.environment}`;
    const decision = await this.limits.take(
      [
        { key: `verify:number:${scope}:${e164}`, limit: this.velocity.perNumberPerHour },
        { key: `verify:country:${scope}:${country}`, limit: this.velocity.perCountryPerHour },
      ],
      HOUR_SECONDS,
    );
    if (decision.allowed) return undefined;
    return velocityLimited(decision.key.startsWith('verify:number:') ? 'number' : 'country', decision.retryAfter);
  }

  private send(input: StartVerificationInput, app: VerifyAppSnapshot, e164: string, country: string): ResultAsync<StartedVerification, StartVerificationError> {
    const now = this.clock.now();
    const id = newId('ver', now);
    const code = this.generateCode(app.codeLength);
    const values = { code, brand: app.brand, minutes: ttlMinutes(app.policy.ttlSeconds) };
    const { sender } = input;
    const start = (messageId: string | null, cost: Money) =>
      Verification.start({ id, accountId: sender.accountId, environment: sender.environment, appId: app.id, to: e164, country, policy: app.policy, codeHash: this.hasher.hash(id, code), messageId, cost }, now);
    return this.otp
      .send({ sender, to: e164, text: renderOtpText(app.template, values), maskedText: maskedOtpText(app.template, values), senderId: app.senderId ?? undefined })
      .orElse((error) => {
        if (error.type !== 'otp_send_failed') return errAsync(error);
        // Refunded: it cost nothing in the end.
        const failed = start(error.messageId, Money.zero(sender.walletCurrency));
        failed.fail(now);
        return ResultAsync.fromSafePromise(this.adds.submit(failed.toSnapshot())).andThen(() => errAsync(error));
      })
      .andThen((sent) => {
        const verification = start(sent.messageId, sent.cost);
        return ResultAsync.fromSafePromise(this.adds.submit(verification.toSnapshot())).map(() => ({
          ...stateOf(verification, now),
          sandboxCode: sender.environment === 'test' ? code : null,
        }));
      });
  }
}
