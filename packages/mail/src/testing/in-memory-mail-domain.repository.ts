import { UndoableMap } from '@tuma/kernel/testing';
import type { MailDomainRepository } from '../application/domains/mail-domain.repository.port.ts';
import type { MailDomainSnapshot } from '../domain/domains/mail-domain.aggregate.ts';

const newestFirst = (a: MailDomainSnapshot, b: MailDomainSnapshot) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);

/** Mail domains in a map: for unit tests and in-memory wiring. */
export class InMemoryMailDomainRepository implements MailDomainRepository {
  private readonly rows = new UndoableMap<string, MailDomainSnapshot>();

  async add(domain: MailDomainSnapshot): Promise<boolean> {
    if (this.rows.has(domain.id)) throw new Error(`Domain ${domain.id} exists`);
    if (await this.findByName(domain.accountId, domain.name)) return false;
    this.rows.set(domain.id, domain);
    return true;
  }

  async save(domain: MailDomainSnapshot): Promise<void> {
    if (!this.rows.has(domain.id)) throw new Error(`Domain ${domain.id} was never added`);
    this.rows.set(domain.id, domain);
  }

  async find(accountId: string, id: string): Promise<MailDomainSnapshot | undefined> {
    const domain = this.rows.get(id);
    return domain?.accountId === accountId ? domain : undefined;
  }

  async findByName(accountId: string, name: string): Promise<MailDomainSnapshot | undefined> {
    return [...this.rows.values()].find((d) => d.accountId === accountId && d.name === name);
  }

  async list(accountId: string): Promise<readonly MailDomainSnapshot[]> {
    return [...this.rows.values()].filter((d) => d.accountId === accountId).sort(newestFirst);
  }

  async findVerified(name: string): Promise<MailDomainSnapshot | undefined> {
    return [...this.rows.values()].filter((d) => d.name === name && d.status === 'verified').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
  }

  async verifiedElsewhere(name: string, accountId: string): Promise<boolean> {
    return [...this.rows.values()].some((d) => d.name === name && d.accountId !== accountId && d.status === 'verified');
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    return (await this.find(accountId, id)) !== undefined && this.rows.delete(id);
  }
}
