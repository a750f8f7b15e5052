import { ConfigError, loadConfig } from '@tuma/server';
import { runCli } from './cli.ts';

try {
  const code = await runCli(process.argv.slice(2), loadConfig(), {
    out: (text) => console.log(text),
    err: (text) => console.error(text),
  });
  process.exit(code);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
}
