import type { Logger } from '../logger.ts';
import type { ModuleServer } from './server-module.ts';

/** A server of a module on a configured port (0: any free one; `off`: none). */
export function portServer(name: string, port: number | 'off', logger: Logger, server: { listen(port: number, host: string): Promise<number>; close(): Promise<void> }): ModuleServer {
  return {
    name,
    listen: async (host) => {
      if (port === 'off') return undefined;
      try {
        return await server.listen(port, host);
      } catch (error) {
        // Another process of the fleet has the port on this host: the APIs still serve (docs/deployment.md).
        logger.warn({ msg: `the ${name} server did not start`, port, error: String(error) });
        return undefined;
      }
    },
    close: () => server.close(),
  };
}
