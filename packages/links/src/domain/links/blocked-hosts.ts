/**
 * Hosts no link may point at (docs/links.md, "URL screening"): known-bad hosts from the blocklist
 * file, and our own short domains (a link to a short link loops). A host is blocked when it or any
 * domain above it is listed (`evil.example` blocks `login.evil.example`); case and a trailing dot
 * do not matter.
 */
export class BlockedHosts {
  private readonly hosts: ReadonlySet<string>;

  private constructor(hosts: Iterable<string>) {
    this.hosts = new Set([...hosts].map(normalise).filter((host) => host.length > 0));
  }

  /** One host a line; blank lines and `#` comments are skipped. */
  static parse(text: string): BlockedHosts {
    return new BlockedHosts(text.split('\n').map((line) => line.replace(/#.*/, '').trim()));
  }

  static of(hosts: Iterable<string>): BlockedHosts {
    return new BlockedHosts(hosts);
  }

  with(hosts: Iterable<string>): BlockedHosts {
    return new BlockedHosts([...this.hosts, ...hosts]);
  }

  union(other: BlockedHosts): BlockedHosts {
    return this.with(other.hosts);
  }

  blocks(host: string): boolean {
    const labels = normalise(host).split('.');
    for (let i = 0; i < labels.length; i++) if (this.hosts.has(labels.slice(i).join('.'))) return true;
    return false;
  }
}

const normalise = (host: string): string => host.trim().toLowerCase().replace(/\.$/, '');
