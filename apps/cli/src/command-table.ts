/**
 * The operator CLI's command table: each command declares its name, summary, options (with their
 * parsing) and handler; help, argument reading and usage errors are generated from the table.
 */
import { parseArgs } from 'node:util';
import type { Result, Token } from '@tuma/kernel';

/** A bad invocation: exit code 2, with the message and the help. */
export class UsageError extends Error {}

export interface CliOption<T = unknown, Required extends boolean = boolean> {
  /** How help shows the value: `<email>`, `live|test`. */
  readonly value: string;
  /** A required option that is missing or empty is refused with `--name is required`. */
  readonly required: Required;
  /** The value its text stands for, or undefined when the text is not one (refused with `--name <mustBe>`). */
  readonly parse: (text: string) => T | undefined;
  readonly mustBe?: string;
}

/** An optional option taken as it is written. */
export const text = (value: string): CliOption<string, false> => ({ value, required: false, parse: (written) => written });

/** An optional option read by `parse`; text it refuses is a usage error `--name <mustBe>`. */
export const parsed = <T>(value: string, parse: (text: string) => T | undefined, mustBe: string): CliOption<T, false> => ({ value, required: false, parse, mustBe });

export const required = <T>(option: CliOption<T, false>): CliOption<T, true> => ({ ...option, required: true });

export type CliOptions = Readonly<Record<string, CliOption<unknown, true> | CliOption<unknown, false>>>;

/** What a handler is given: each option's parsed value, `undefined` for an absent optional one. */
export type OptionValues<O extends CliOptions> = {
  readonly [K in keyof O]: O[K] extends CliOption<infer T, true> ? T : O[K] extends CliOption<infer T, false> ? T | undefined : never;
};

export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

export interface CommandContext {
  /** A port or use case of the composition root. */
  readonly use: <T>(token: Token<T>) => T;
  /** Prints a use case's outcome: a view of its value (exit 0) or its error (exit 1), as JSON with `--json`. */
  readonly report: <T>(result: Result<T, { readonly message: string; readonly type: string }>, render: (value: T) => Record<string, unknown>) => number;
  /** Prints a listing: `view` as JSON with `--json`, otherwise `lines()`; exit 0. */
  readonly print: (view: Record<string, unknown>, lines: () => readonly string[]) => number;
}

export interface CliCommand<O extends CliOptions = CliOptions> {
  readonly name: string;
  readonly summary: string;
  /** In the order help shows them (and checks them). */
  readonly options: O;
  /** Returns the exit code: 0 done, 1 refused by the domain. */
  readonly run: (values: OptionValues<O>, context: CommandContext) => Promise<number>;
}

/** The APIs' views of what commands print: the HTTP adapter, loaded with the server when a command runs (help needs neither). */
export const apiViews = () => import('@tuma/koa-adapter');

/** Declares a command; the handler's values follow from the options. */
export const defineCommand = <O extends CliOptions>(command: CliCommand<O>): CliCommand => command as unknown as CliCommand;

/** Options every command takes. */
const GLOBAL_OPTIONS = { json: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } } as const;

const optionUsage = ([name, option]: [string, CliOption]): string => (option.required ? `--${name} ${option.value}` : `[--${name} ${option.value}]`);

/** The help text: one entry per command of the table, with its options and summary. */
export function renderHelp(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((command) => command.name.length)) + 2;
  const entries = commands.flatMap((command) => [
    `  ${command.name.padEnd(width)}${Object.entries(command.options).map(optionUsage).join(' ')}`.trimEnd(),
    `  ${' '.repeat(width)}${command.summary}`,
  ]);
  return `Tuma operator CLI

Usage: npm run cli -- <command> [options] [--json]

Commands:
${entries.join('\n')}

Uses DATABASE_URL (PostgreSQL) or, without it, the embedded database in TUMA_DATA_DIR
(stop the server first: the embedded database allows one process at a time).`;
}

export type Invocation =
  /** Show the help: asked for (`--help`, exit 0) or no command given (exit 2). */
  | { readonly kind: 'help'; readonly asked: boolean }
  | { readonly kind: 'command'; readonly command: CliCommand; readonly values: Readonly<Record<string, unknown>>; readonly json: boolean };

/** Reads the command line against the table; throws UsageError for an unknown command, an unknown, missing or invalid option. */
export function readInvocation(argv: readonly string[], commands: readonly CliCommand[]): Invocation {
  const known = Object.fromEntries(commands.flatMap((command) => Object.keys(command.options)).map((name) => [name, { type: 'string' } as const]));
  let parsedArgs;
  try {
    parsedArgs = parseArgs({ args: [...argv], allowPositionals: true, options: { ...known, ...GLOBAL_OPTIONS } });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsedArgs;
  const name = positionals[0];
  if (values.help || !name) return { kind: 'help', asked: values.help };
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) throw new UsageError(`Unknown command: ${name}`);

  const given = values as Record<string, string | boolean | undefined>;
  for (const option of Object.keys(given)) {
    if (!(option in command.options) && !(option in GLOBAL_OPTIONS)) throw new UsageError(`Unknown option --${option} for ${command.name}`);
  }
  const read: Record<string, unknown> = {};
  for (const [option, spec] of Object.entries(command.options) as [string, CliOption][]) {
    const written = given[option];
    if (typeof written !== 'string' || (spec.required && written === '')) {
      if (spec.required) throw new UsageError(`--${option} is required`);
      continue;
    }
    const value = spec.parse(written);
    if (value === undefined) throw new UsageError(`--${option} ${spec.mustBe ?? 'is not valid'}`);
    read[option] = value;
  }
  return { kind: 'command', command, values: read, json: values.json };
}

export function commandContext(use: CommandContext['use'], io: CliIo, json: boolean): CommandContext {
  return {
    use,
    report: (result, render) => {
      if (result.isErr()) {
        io.err(json ? JSON.stringify({ error: { code: result.error.type, message: result.error.message } }) : `Error: ${result.error.message}`);
        return 1;
      }
      const view = render(result.value);
      io.out(json ? JSON.stringify(view) : Object.entries(view).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(',') : v}`).join('\n'));
      return 0;
    },
    print: (view, lines) => {
      io.out(json ? JSON.stringify(view) : lines().join('\n'));
      return 0;
    },
  };
}
