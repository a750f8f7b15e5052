import { UndoableMap } from '@tuma/kernel/testing';
import type { SmtpCredentialRepository } from '../application/smtp/smtp-credential.repository.port.ts';
import type { SmtpCredential } from '../domain/smtp/smtp-credential.ts';

/** SMTP credentials in memory: for unit tests and for apps embedding the core without a database. */
export class InMemorySmtpCredentialRepository implements SmtpCredentialRepository {
  private readonly credentials = new UndoableMap<string, SmtpCredential>();

  async add(credential: SmtpCredential): Promise<void> {
    if ([...this.credentials.values()].some((c) => c.username === credential.username)) throw new Error(`Username ${credential.username} is taken`);
    this.credentials.set(credential.id, { ...credential });
  }

  async listOfAccount(accountId: string): Promise<readonly SmtpCredential[]> {
    return [...this.credentials.values()].filter((c) => c.accountId === accountId).sort((a, b) => (a.id < b.id ? 1 : -1));
  }

  async findByUsername(username: string): Promise<SmtpCredential | undefined> {
    return [...this.credentials.values()].find((c) => c.username === username);
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    return this.credentials.get(id)?.accountId === accountId && this.credentials.delete(id);
  }

  async touch(id: string, at: Date): Promise<void> {
    const credential = this.credentials.get(id);
    if (credential) this.credentials.set(id, { ...credential, lastUsedAt: at });
  }
}
