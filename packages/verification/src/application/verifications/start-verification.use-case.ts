import type { IdempotentEffects, IdempotentRequest } from '@tuma/idempotency';
import { err, errAsync, GroupCommit, Money, newId, notFound, ok, ResultAsync, type Clock, type GroupCommitOptions, type NotFoundError, type Result, type UnitOfWork } from '@tuma/kernel';
import {
  admissionAt,
  readPhoneField,
  writeAlongside,
  type AdmissionGate,
  type AlongsideWriter,
  type InvalidPhoneField,
  type PhoneNumber,
  type SendOtpError,
  type SendOtpInput,
  type Sender,
  type SentOtp,
} from '@tuma/messaging';
import { maskedOtpText, renderOtpText } from '../../domain/apps/otp-text.ts';
import { ttlMinutes, type VerifyAppSnapshot } from '../../domain/apps/verify-app.ts';
import { Verification, type VerificationSnapshot } from '../../domain/verifications/verification.aggregate.ts';
import { defaultAppOf } from '../apps/verify-app-lookup.ts';
import type { VerifyAppRepository } from '../apps/verify-app.repository.port.ts';
import type { CodeHasher } from './code-hasher.ts';
import { randomCode } from './random-code.ts';
import type { OtpSender } from './otp-sender.port.ts';
import { countryNotAllowed, velocityLimited, type CountryNotAllowedError, type VelocityLimitedError } from './verification-errors.ts';
import type { VerificationRepository } from './verification.repository.port.ts';
import { stateOf, type VerificationState } from './verification-state.ts';
import type { VelocityCounter, VelocityLimits } from './velocity-limits.port.ts';

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

/** Most test keys' verifications stored in one statement. */
const BATCH_MAX = 64;

export interface StartVerificationInput {
  readonly sender: Sender;
  readonly to: string;
  readonly appId?: string | undefined;
  /** The request's Idempotency-Key claim: a live key's answer is kept in the unit of work of its SMS. */
  readonly idempotency?: IdempotentRequest<Result<StartedVerification, StartVerificationError>> | undefined;
}

export interface StartedVerification extends VerificationState {
  /** Test keys only: the code, since they send no SMS. */
  readonly sandboxCode: string | null;
}

export type StartVerificationError = InvalidPhoneField | NotFoundError | CountryNotAllowedError | VelocityLimitedError | SendOtpError;

const HOUR_SECONDS = 3600;

/**
 * `POST /v1/verify/start`: a code for a number, by SMS (docs/verify.md). The app's countries and the
 * velocity limits are checked before anything is paid; the verification (the code's hash only) is
 * stored pending with its SMS (live keys: charged, stored masked, then submitted at once). A carrier
 * refusal fails it (the SMS refunded) and answers `otp_send_failed`.
 */
export class StartVerification {
  private readonly velocity: VelocityPolicy;
  private readonly generateCode: (length: number) => string;
  /** Test keys' starts that end at the same time store their rows in one statement (one commit). */
  private readonly adds: GroupCommit<VerificationSnapshot, undefined>;
  /**
   * The velocity guard, decided where the code's SMS is charged (live keys: in its unit of work, so
   * counting and charging take one commit) or priced (test keys): the starts of one batch are
   * counted in one statement (their counters' rows written once).
   */
  private readonly velocityGate: AdmissionGate<readonly VelocityCounter[]> = {
    admit: async (starts) =>
      (await this.limits.take(starts, HOUR_SECONDS)).map((decision) =>
        decision.allowed ? undefined : velocityLimited(decision.key.startsWith('verify:number:') ? 'number' : 'country', decision.retryAfter),
      ),
  };
  /** Live keys' verifications, written in the unit of work of their SMS. */
  private readonly verificationRows: AlongsideWriter<VerificationSnapshot> = { write: (rows) => this.verifications.add(rows) };

  constructor(
    private readonly apps: VerifyAppRepository,
    private readonly verifications: VerificationRepository,
    private readonly otp: OtpSender,
    private readonly limits: VelocityLimits,
    private readonly hasher: CodeHasher,
    private readonly idempotentEffects: IdempotentEffects,
    private readonly unitOfWork: UnitOfWork,
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
      { maxBatch: BATCH_MAX, ...options.groupCommit },
    );
  }

  execute(input: StartVerificationInput): ResultAsync<StartedVerification, StartVerificationError> {
    const phone = readPhoneField(input.to, 'to');
    if (phone.isErr()) return errAsync(phone.error);
    const { country } = phone.value;
    return ResultAsync.fromSafePromise(this.appFor(input))
      .andThen((app) => (app ? ok(app) : err(notFound('verify_app', input.appId!))))
      .andThen((app) => (app.allowedCountries.length === 0 || app.allowedCountries.includes(country) ? ok(app) : err(countryNotAllowed(country, app.id))))
      .andThen((app) => this.send(input, app, phone.value));
  }

  private appFor(input: StartVerificationInput): Promise<VerifyAppSnapshot | undefined> {
    const accountId = input.sender.accountId;
    return input.appId === undefined ? defaultAppOf(this.apps, accountId, this.clock.now()) : this.apps.find(accountId, input.appId);
  }

  /** The counters a start to this number takes: its number's and its country's, per account and environment. */
  private countersOf(sender: Sender, e164: string, country: string): readonly VelocityCounter[] {
    const scope = `${sender.accountId}:${sender.environment}`;
    return [
      { key: `verify:number:${scope}:${e164}`, limit: this.velocity.perNumberPerHour },
      { key: `verify:country:${scope}:${country}`, limit: this.velocity.perCountryPerHour },
    ];
  }

  /**
   * Live keys: the verification is written, and the answer to an Idempotency-Key kept, in the unit
   * of work that charges and stores its SMS, so that a process dying before the carrier answers
   * leaves the three together (a retry replays the start) or none of them. A carrier refusal then
   * fails it and frees the key, in the unit of work after the refund. Test keys send nothing: their
   * verification is written after the price (grouped with others).
   */
  private send(input: StartVerificationInput, app: VerifyAppSnapshot, phone: PhoneNumber): ResultAsync<StartedVerification, StartVerificationError> {
    const { e164, country } = phone;
    const now = this.clock.now();
    const id = newId('ver', now);
    const code = this.generateCode(app.codeLength);
    const values = { code, brand: app.brand, minutes: ttlMinutes(app.policy.ttlSeconds) };
    const { sender, idempotency } = input;
    let started: Verification | undefined;
    /** The one verification of this start, made when its SMS is priced (test keys) or stored (live keys). */
    const startOf = (sent: Pick<SentOtp, 'messageId' | 'cost'>) =>
      (started ??= Verification.start(
        { id, accountId: sender.accountId, environment: sender.environment, appId: app.id, to: e164, country, policy: app.policy, codeHash: this.hasher.hash(id, code), messageId: sent.messageId, cost: sent.cost },
        now,
      ));
    const answerOf = (verification: Verification): StartedVerification => ({ ...stateOf(verification, now), sandboxCode: sender.environment === 'test' ? code : null });
    const sms: SendOtpInput = {
      sender,
      to: phone,
      text: renderOtpText(app.template, values),
      maskedText: maskedOtpText(app.template, values),
      senderId: app.senderId ?? undefined,
      admission: admissionAt(this.velocityGate, this.countersOf(sender, e164, country)),
    };
    if (sender.environment === 'test') {
      return this.otp.send(sms).andThen((sent) => ResultAsync.fromSafePromise(this.adds.submit(startOf(sent).toSnapshot())).map(() => answerOf(startOf(sent))));
    }
    const withVerification: SendOtpInput = {
      ...sms,
      alongside: writeAlongside(this.verificationRows, (sent: SentOtp) => startOf(sent).toSnapshot()),
      ...(idempotency ? { idempotency: { claim: idempotency.claim, respond: (outcome) => idempotency.respond(outcome.map((sent) => answerOf(startOf(sent)))) } } : {}),
    };
    return this.otp
      .send(withVerification)
      .map((sent) => answerOf(startOf(sent)))
      .orElse((error) => (error.type === 'otp_send_failed' ? this.failRefused(startOf({ messageId: error.messageId, cost: Money.zero(sender.walletCurrency) }), idempotency).andThen(() => errAsync(error)) : errAsync(error)));
  }

  /** The verification of an SMS the carrier refused: failed, and its key freed (its kept answer no longer holds), together. */
  private failRefused(verification: Verification, idempotency: StartVerificationInput['idempotency']): ResultAsync<void, never> {
    verification.fail(this.clock.now());
    return this.unitOfWork.run(() =>
      ResultAsync.fromSafePromise(
        (async () => {
          await this.verifications.save([verification.toSnapshot()]);
          await this.idempotentEffects.withdraw(idempotency);
        })(),
      ),
    );
  }
}
