const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

export interface Logger {
  debug(entry: Record<string, unknown>): void;
  info(entry: Record<string, unknown>): void;
  warn(entry: Record<string, unknown>): void;
  error(entry: Record<string, unknown>): void;
}

/** One JSON object per line on stdout, for log shippers. */
export function jsonLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Logger {
  const at = (entryLevel: Exclude<LogLevel, 'silent'>) => (entry: Record<string, unknown>) => {
    if (LEVELS[entryLevel] >= LEVELS[level]) write(JSON.stringify({ time: new Date().toISOString(), level: entryLevel, ...entry }));
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
