import type { Insertable, Selectable } from 'kysely';
import type { DomainStatus, MailDomainSnapshot, RecordStatuses, Region } from '@tuma/mail';
import type { MailDomainTable } from '../database/tables.ts';

export const mailDomainOf = (row: Selectable<MailDomainTable>): MailDomainSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  region: row.region as Region,
  status: row.status as DomainStatus,
  recordStatuses: row.record_statuses as RecordStatuses,
  openTracking: row.open_tracking,
  clickTracking: row.click_tracking,
  dkimSelector: row.dkim_selector,
  dkimPublicKey: row.dkim_public_key,
  dkimPrivateKeySealed: row.dkim_private_key_sealed,
  checkedAt: row.checked_at === null ? null : new Date(row.checked_at),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

export const mailDomainRow = (d: MailDomainSnapshot): Insertable<MailDomainTable> => ({
  id: d.id,
  account_id: d.accountId,
  name: d.name,
  region: d.region,
  status: d.status,
  record_statuses: JSON.stringify(d.recordStatuses),
  open_tracking: d.openTracking,
  click_tracking: d.clickTracking,
  dkim_selector: d.dkimSelector,
  dkim_public_key: d.dkimPublicKey,
  dkim_private_key_sealed: d.dkimPrivateKeySealed,
  checked_at: d.checkedAt,
  created_at: d.createdAt,
  updated_at: d.updatedAt,
});
