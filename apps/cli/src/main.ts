import { runCli } from './cli.ts';

// The server's modules are loaded only when a command runs (cli.ts): help and usage errors answer at once.
try {
  const code = await runCli(
    process.argv.slice(2),
    { out: (text) => console.log(text), err: (text) => console.error(text) },
    { config: async () => (await import('@tuma/server')).loadConfig() },
  );
  process.exit(code);
} catch (error) {
  const [{ DataDirInUseError }, { ConfigError }] = await Promise.all([import('@tuma/mikro-orm-adapter'), import('@tuma/server')]);
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
