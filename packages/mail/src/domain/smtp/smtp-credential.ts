import { constantTimeEqual, randomBase62, sha256Hex } from '@tuma/kernel';

/** A login of the SMTP submission server (docs/mail.md, "SMTP submission"): the password is kept as its SHA-256 only. */
export interface SmtpCredential {
  /** `smtpc_...` */
  readonly id: string;
  readonly accountId: string;
  readonly name: string;
  /** `tuma_` + 12 base62 characters: unique, shown whenever the credential is listed. */
  readonly username: string;
  /** SHA-256 (hex) of the password: 32 base62 characters (about 190 bits), shown once. */
  readonly passwordHash: string;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
}

export const newSmtpUsername = (): string => `tuma_${randomBase62(12)}`;
export const newSmtpPassword = (): string => randomBase62(32);

/** A high-entropy secret needs no slow hash: SHA-256 (hex), as API keys are kept. */
export const smtpPasswordHash = (password: string): Promise<string> => sha256Hex(password);

/** Whether `password` is the credential's, its hash compared in constant time. */
export async function smtpPasswordMatches(credential: Pick<SmtpCredential, 'passwordHash'>, password: string): Promise<boolean> {
  return constantTimeEqual(await smtpPasswordHash(password), credential.passwordHash);
}
