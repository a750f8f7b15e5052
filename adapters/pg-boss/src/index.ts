export { PgBossJobs, type PgBossJobsConfig, type SqlExecutor } from './pg-boss-jobs.ts';
