import { DataDirInUseError } from '@tuma/mikro-orm-adapter';
import { ConfigError, loadConfig } from '@tuma/server';
import { runCli } from './cli.ts';

try {
  const code = await runCli(process.argv.slice(2), loadConfig(), {
    out: (text) => console.log(text),
    err: (text) => console.error(text),
  });
  process.exit(code);
} catch (error) {
  if (error instanceof DataDirInUseError) {
    console.error(
      `${error.message}.\nThe embedded database is opened by one process at a time, so nothing was done. Stop the server first, ` +
        'or make the change through its admin API (/api/admin/..., with the ADMIN_API_KEY it was started with).',
    );
    process.exit(3);
  }
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
}
