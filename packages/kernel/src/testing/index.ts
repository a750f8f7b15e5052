/** In-memory adapters of this package's ports: for unit tests and for apps embedding the core without a database. */
export { ImmediateUnitOfWork, rolledBack } from './immediate-unit-of-work.ts';
export { onRollback, type Undo } from './undo-log.ts';
export { UndoableMap } from './undoable-map.ts';
export { UndoableList } from './undoable-list.ts';
export { InMemoryJobScheduler, type ScheduledJob } from './in-memory-job-scheduler.ts';
export { FakeClock } from './fake-clock.ts';
export { InMemoryDnsResolver } from './in-memory-dns-resolver.ts';
export { InMemoryFailureLog } from './in-memory-failure-log.ts';
export { ReferenceDigests } from './reference-digests.ts';
