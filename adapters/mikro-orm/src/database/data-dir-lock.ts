import { closeSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Who holds an embedded data directory, as written in its lock file. */
export interface LockHolder {
  readonly pid: number;
  readonly startedAt: string;
  readonly command: string;
}

/** Another live process has the embedded data directory open: opening it too would lose writes. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(`The embedded database ${dataDir} is open in another process (pid ${holder.pid}, since ${holder.startedAt}: ${holder.command})`);
    this.name = 'DataDirInUseError';
  }
}

const LOCK_FILE = 'tuma.lock';

/** Directories this process holds: a second open from the same process is refused too. */
const heldHere = new Set<string>();

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readHolder = (path: string): LockHolder | undefined => {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockHolder>;
    return Number.isInteger(holder.pid) ? { pid: holder.pid!, startedAt: String(holder.startedAt), command: String(holder.command) } : undefined;
  } catch {
    return undefined;
  }
};

/**
 * PGlite is one PostgreSQL session in one process: two processes on one data directory each keep
 * their own copy and the last to write pages wins. The lock file (created with O_EXCL) makes the
 * second opener fail instead; a lock left by a process that died is taken over.
 */
export class DataDirLock {
  private constructor(
    private readonly dir: string,
    private readonly path: string,
    private readonly releaseOnExit: () => void,
  ) {}

  static acquire(dataDir: string): DataDirLock {
    const dir = resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    const path = join(dir, LOCK_FILE);
    const me: LockHolder = { pid: process.pid, startedAt: new Date().toISOString(), command: process.argv.slice(1).join(' ') };
    // Two rounds: the second follows the take-over of a stale lock.
    for (let round = 0; !DataDirLock.create(path, me); round += 1) {
      const holder = readHolder(path);
      const stale = !holder || (holder.pid === process.pid ? !heldHere.has(dir) : !isAlive(holder.pid));
      if (!stale || round > 0) throw new DataDirInUseError(dataDir, holder ?? { pid: 0, startedAt: 'unknown', command: 'unknown' });
      // Renaming is atomic: of two processes taking over the same stale lock, one renames it and
      // creates the new one; the other's rename fails, or its create meets the new lock.
      try {
        renameSync(path, `${path}.stale-${process.pid}`);
        unlinkSync(`${path}.stale-${process.pid}`);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    heldHere.add(dir);
    const releaseOnExit = () => {
      try {
        unlinkSync(path);
      } catch {
        // Gone already: nothing to release.
      }
    };
    process.once('exit', releaseOnExit);
    return new DataDirLock(dir, path, releaseOnExit);
  }

  /** Creates the lock file holding `holder` unless one exists. */
  private static create(path: string, holder: LockHolder): boolean {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify(holder));
      closeSync(fd);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  }

  release(): void {
    process.off('exit', this.releaseOnExit);
    if (readHolder(this.path)?.pid === process.pid) this.releaseOnExit();
    heldHere.delete(this.dir);
  }
}
