import type { AddressInfo } from 'node:net';
import type { SMTPServer } from 'smtp-server';

/** Listens on `port` (0: any free one) at `host`: the port bound. */
export const listenSmtp = (server: SMTPServer, port: number, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.server.address() as AddressInfo).port));
  });

export const closeSmtp = (server: SMTPServer): Promise<void> => new Promise((resolve) => server.close(() => resolve()));
