/**
 * The URL as MikroORM's own parser reads it. libpq's way to name a Unix socket, `?host=/run/dir`
 * (which pg, pg-boss and psql honour), is ignored by that parser, which would connect over TCP to
 * the URL's host instead: the socket directory goes into the host, percent-encoded, the one form
 * it reads. Any other URL is returned as given.
 */
export function mikroOrmClientUrl(url: string): string {
  const parsed = new URL(url);
  const socketDir = parsed.searchParams.get('host');
  if (!socketDir?.startsWith('/')) return url;
  parsed.searchParams.delete('host');
  const credentials = parsed.username ? `${parsed.username}${parsed.password ? `:${parsed.password}` : ''}@` : '';
  const port = parsed.port ? `:${parsed.port}` : '';
  return `${parsed.protocol}//${credentials}${encodeURIComponent(socketDir)}${port}${parsed.pathname}${parsed.search}`;
}
