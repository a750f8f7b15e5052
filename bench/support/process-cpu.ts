/**
 * CPU time of the processes a bench runs (Linux `/proc`), to say where a request's time goes: the
 * server's, PostgreSQL's backends' (every `postgres` process of the machine: run on a quiet one)
 * and the bench process's own (the load generator).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** User + system CPU of a process so far, in ms (`/proc/<pid>/stat`, clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const isPostgres = (pid: string): boolean => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
};

/** The CPU of every PostgreSQL process so far, in ms (backends come and go: compare over a steady load). */
export function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name) && isPostgres(name))) {
    try {
      total += cpuMs(Number(pid));
    } catch {
      // It ended between the listing and the read.
    }
  }
  return total;
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
