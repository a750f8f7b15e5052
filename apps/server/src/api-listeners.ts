import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_NAMES, dispatchByHost, mountApis, type ApiName, type HostedApp, type MountedApi } from '@tuma/koa-adapter';
import type { ApiApp } from './api-apps.ts';
import type { ApiPlacement } from './api-placement.ts';

/** Apps beside the APIs on PORT: for the hosts they claim, and under paths of their own. */
export interface SharedApps {
  readonly byHost: readonly HostedApp[];
  readonly byPath: readonly MountedApi[];
}

/** The HTTP servers of the APIs: one on PORT (SMS, the web console at /app, the short-link host, and the APIs under their paths there), one per API on a port of its own. */
export class ApiListeners {
  private readonly servers: Server[] = [];

  /**
   * Listens on every port; answers the port each API is reached on. Other apps share PORT: by Host
   * first (branded short domains), then by path (the short-link host at `/s`), then the APIs.
   */
  async open(apps: Readonly<Record<ApiName, ApiApp>>, placements: Readonly<Record<ApiName, ApiPlacement>>, host: string, others: SharedApps = { byHost: [], byPath: [] }): Promise<Record<ApiName, number>> {
    const moved = API_NAMES.filter((api) => !placements[api].shared);
    const sharers = API_NAMES.filter((api) => api !== 'sms' && placements[api].shared);
    const byPath = mountApis(apps.sms.app, [...others.byPath, ...sharers.map((api) => ({ basePath: placements[api].basePath, app: apps[api].app }))]);
    const shared = createServer(dispatchByHost(byPath, others.byHost));
    const sharedPort = await this.listen(shared, placements.sms.port, host);
    const ports = Object.fromEntries(API_NAMES.map((api) => [api, sharedPort])) as Record<ApiName, number>;
    for (const api of moved) ports[api] = await this.listen(createServer(apps[api].app.callback()), placements[api].port, host);
    return ports;
  }

  /** Stops accepting connections on every port and waits for the requests in flight. */
  async close(): Promise<void> {
    await Promise.all(
      this.servers.splice(0).map(
        (server) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeIdleConnections();
          }),
      ),
    );
  }

  private async listen(server: Server, port: number, host: string): Promise<number> {
    // Kept before it listens: a stop after a failed start closes what did open.
    this.servers.push(server);
    server.listen(port, host);
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    return (server.address() as AddressInfo).port;
  }
}
