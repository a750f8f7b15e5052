import { DataDirInUseError } from '@tuma/mikro-orm-adapter';
import { ConfigError, loadConfig } from './config.ts';
import { jsonLogger } from './logger.ts';
import { TumaServer } from './tuma-server.ts';
import { printWelcome } from './welcome.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const logger = jsonLogger(config.logLevel);
const server = new TumaServer(config, logger);
const started = await server.start().catch((error: unknown) => {
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(`${error.message}.\nOne process at a time opens an embedded database: stop that one first, or give this one another TUMA_DATA_DIR.`);
  process.exit(1);
});
printWelcome(config, started);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    logger.info({ msg: 'shutting down', signal });
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ msg: 'shutdown failed', error: String(error) });
        process.exit(1);
      },
    );
  });
}
