import { UndoableMap } from '@tuma/kernel/testing';
import type { SenderAddressRepository } from '../application/sender-addresses/sender-address.repository.port.ts';
import type { SenderAddressSnapshot } from '../domain/sender-addresses/sender-address.aggregate.ts';

/** Sender addresses in a map: for unit tests and in-memory wiring. */
export class InMemorySenderAddressRepository implements SenderAddressRepository {
  private readonly rows = new UndoableMap<string, SenderAddressSnapshot>();

  async add(address: SenderAddressSnapshot): Promise<boolean> {
    if (await this.findByEmail(address.accountId, address.email)) return false;
    this.rows.set(address.id, address);
    return true;
  }

  async save(address: SenderAddressSnapshot): Promise<void> {
    if (!this.rows.has(address.id)) throw new Error(`Sender address ${address.id} was never added`);
    this.rows.set(address.id, address);
  }

  async find(accountId: string, id: string): Promise<SenderAddressSnapshot | undefined> {
    const address = this.rows.get(id);
    return address?.accountId === accountId ? address : undefined;
  }

  async findByEmail(accountId: string, email: string): Promise<SenderAddressSnapshot | undefined> {
    return [...this.rows.values()].find((a) => a.accountId === accountId && a.email === email);
  }

  async list(accountId: string): Promise<readonly SenderAddressSnapshot[]> {
    return [...this.rows.values()].filter((a) => a.accountId === accountId).sort((a, b) => (a.id < b.id ? 1 : -1));
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    return (await this.find(accountId, id)) !== undefined && this.rows.delete(id);
  }
}
