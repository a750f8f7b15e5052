import type { Context } from 'koa';

/**
 * This server's own origin as the request reached it (the local address and port of the socket),
 * e.g. `http://127.0.0.1:3000`: a request sent there comes back to this very process.
 */
export function selfOrigin(ctx: Context): string {
  const socket = ctx.req.socket;
  const address = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${socket.localPort}`;
}
