import { token } from '@tuma/kernel';
import type { NodeDnsResolver } from '@tuma/dns-adapter';
import type { Database, DatabaseNotifications, DatabaseOutage } from '@tuma/mikro-orm-adapter';
import type { PgBossJobs } from '@tuma/pg-boss-adapter';
import type { ServerConfig } from './config.ts';
import type { Logger } from './logger.ts';
import type { PublicUrls } from './api-placement.ts';

export const SERVER_TOKENS = {
  config: token<ServerConfig>('server.Config'),
  logger: token<Logger>('server.Logger'),
  database: token<Database>('server.Database'),
  /** An unreachable database noted once per outage (503s, one log line), probed until it answers (docs/reliability.md). */
  outage: token<DatabaseOutage>('server.DatabaseOutage'),
  /** Changed data, heard by every process (LISTEN/NOTIFY): what empties the in-process caches. */
  notifications: token<DatabaseNotifications>('server.DatabaseNotifications'),
  jobs: token<PgBossJobs>('server.PgBossJobs'),
  /** The one resolver (`DNS_SERVERS`) of every lookup: mail's and links' records, the URL policy's addresses. */
  dnsResolver: token<NodeDnsResolver>('server.DnsResolver'),
  /** Each API's base URL in the links Tuma hands out. */
  publicUrls: token<PublicUrls>('server.PublicUrls'),
};
