/**
 * CPU time of the processes a bench runs (Linux `/proc`), to say where a request's time goes: the
 * server's, PostgreSQL's backends' (every `postgres` process of the machine: run on a quiet one)
 * and the bench process's own (the load generator).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** `/proc/<pid>/stat`'s fields after the command name: utime is [11], stime [12], cutime and cstime (of reaped children) [13] and [14]; clock ticks of 10 ms. */
const statFields = (pid: number | string): string[] => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');

/** User + system CPU of a process so far, in ms. */
function cpuMs(pid: number): number {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const isPostgres = (pid: string): boolean => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
};

/**
 * The CPU of every PostgreSQL process so far, in ms: the live ones' own, and the postmaster's count
 * of its reaped children (backends that ended), so that a backend ending mid-run is not lost.
 */
function postgresCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name) && isPostgres(name))) {
    try {
      const fields = statFields(pid);
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // It ended between the listing and the read (and is now in the postmaster's count).
    }
  }
  return ticks * 10;
}

/** CPU so far, in ms, of the named processes, of PostgreSQL and of this process (the load generator). */
export function sampleCpu(pids: Readonly<Record<string, number>>): Record<string, number> {
  const own = process.cpuUsage();
  return { ...Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)])), PostgreSQL: postgresCpuMs(), 'load generator': (own.user + own.system) / 1000 };
}

/** `name N µs, ...`: each one's CPU per unit of work (a request, a send) between two samples. */
export const cpuPer = (before: Record<string, number>, after: Record<string, number>, units: number): string =>
  Object.keys(after)
    .map((name) => `${name} ${Math.round(((after[name]! - before[name]!) * 1000) / units)} µs`)
    .join(', ');
