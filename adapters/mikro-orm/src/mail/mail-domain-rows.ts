import type { DomainStatus, MailDomainSnapshot, RecordStatuses, Region } from '@tuma/mail';

/** A `mail_domain` row as the driver reads it (timestamps as ISO text, the statuses as parsed JSON). */
export interface MailDomainRow {
  readonly id: string;
  readonly account_id: string;
  readonly name: string;
  readonly region: Region;
  readonly status: DomainStatus;
  readonly record_statuses: RecordStatuses;
  readonly open_tracking: boolean;
  readonly click_tracking: boolean;
  readonly dkim_selector: string;
  readonly dkim_public_key: string;
  readonly dkim_private_key_sealed: string;
  readonly checked_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export const INSERT_COLUMNS =
  'id, account_id, name, region, status, record_statuses, open_tracking, click_tracking, dkim_selector, dkim_public_key, dkim_private_key_sealed, checked_at, created_at, updated_at';

export const MAIL_DOMAIN_COLUMNS = `d.id, d.account_id, d.name, d.region, d.status, d.record_statuses, d.open_tracking, d.click_tracking, d.dkim_selector,
  d.dkim_public_key, d.dkim_private_key_sealed, d.checked_at::text as checked_at, d.created_at::text as created_at, d.updated_at::text as updated_at`;

export const mailDomainFromRow = (row: MailDomainRow): MailDomainSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  region: row.region,
  status: row.status,
  recordStatuses: row.record_statuses,
  openTracking: row.open_tracking,
  clickTracking: row.click_tracking,
  dkimSelector: row.dkim_selector,
  dkimPublicKey: row.dkim_public_key,
  dkimPrivateKeySealed: row.dkim_private_key_sealed,
  checkedAt: row.checked_at === null ? null : new Date(row.checked_at),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** The row's values in INSERT_COLUMNS order. */
export const mailDomainValues = (d: MailDomainSnapshot): unknown[] => [
  d.id,
  d.accountId,
  d.name,
  d.region,
  d.status,
  JSON.stringify(d.recordStatuses),
  d.openTracking,
  d.clickTracking,
  d.dkimSelector,
  d.dkimPublicKey,
  d.dkimPrivateKeySealed,
  d.checkedAt?.toISOString() ?? null,
  d.createdAt.toISOString(),
  d.updatedAt.toISOString(),
];
