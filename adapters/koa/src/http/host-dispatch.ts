import type { IncomingMessage, ServerResponse } from 'node:http';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** An app served for some hosts only (a customer's branded short domain), whatever the path. */
export interface HostedApp {
  /** Whether a request naming this `Host` is the app's; a host that is obviously ours should answer false without I/O. */
  readonly serves: (host: string) => boolean | Promise<boolean>;
  readonly handle: Listener;
}

/**
 * One port, hosts first: a request whose `Host` a hosted app serves goes to it (a branded domain's
 * `/<slug>`), anything else to `fallback` (the APIs by base path). A failing host lookup answers 503
 * rather than sending a customer's domain to the APIs.
 */
export function dispatchByHost(fallback: Listener, hosted: readonly HostedApp[]): Listener {
  if (hosted.length === 0) return fallback;
  return (req, res) => {
    const host = req.headers.host;
    if (!host) return fallback(req, res);
    void (async () => {
      for (const app of hosted) {
        if (await app.serves(host)) return app.handle(req, res);
      }
      fallback(req, res);
    })().catch(() => {
      if (res.headersSent) return res.destroy();
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '1' }).end('Service unavailable: try again');
    });
  };
}
