import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { serviceUnavailable } from './service-unavailable.ts';

/** An app served for some hosts only (a customer's branded short domain), whatever the path. */
export interface HostedApp {
  /** Whether a request naming this `Host` is the app's; a host that is obviously ours should answer false without I/O. */
  readonly serves: (host: string) => boolean | Promise<boolean>;
  readonly handle: RequestListener;
}

/**
 * One port, hosts first: a request whose `Host` a hosted app serves goes to it (a branded domain's
 * `/<slug>`), anything else to `fallback` (the APIs by base path). A failing host lookup (the database
 * unreachable) answers 503 service_unavailable rather than sending a customer's domain to the APIs.
 */
export function dispatchByHost(fallback: RequestListener, hosted: readonly HostedApp[]): RequestListener {
  if (hosted.length === 0) return fallback;
  const unavailable = (res: ServerResponse) => {
    if (res.headersSent) return res.destroy();
    const answer = serviceUnavailable();
    res.writeHead(answer.status, { 'Content-Type': 'application/json; charset=utf-8', ...answer.headers }).end(JSON.stringify(answer.toBody()));
  };
  /** The first app from `index` on that serves `host`, else the fallback; hosts answered without a lookup are dispatched at once. */
  const dispatch = (req: IncomingMessage, res: ServerResponse, host: string, index: number): void => {
    const app = hosted[index];
    if (!app) return fallback(req, res);
    const serves = app.serves(host);
    if (typeof serves === 'boolean') return serves ? app.handle(req, res) : dispatch(req, res, host, index + 1);
    serves.then((yes) => (yes ? app.handle(req, res) : dispatch(req, res, host, index + 1))).catch(() => unavailable(res));
  };
  return (req, res) => {
    const host = req.headers.host;
    if (!host) return fallback(req, res);
    dispatch(req, res, host, 0);
  };
}
