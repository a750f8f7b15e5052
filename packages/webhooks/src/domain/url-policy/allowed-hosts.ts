import { err, ok, type Result } from '@tuma/kernel';
import { hostOf, type WebhookUrl } from './webhook-url.ts';

interface AllowedHost {
  readonly host: string;
  /** null: any port. */
  readonly port: number | null;
}

/** `host`, `host:port`, `[v6]` or `[v6]:port`. */
const ENTRY = /^(\[[^\]]+\]|[^:[\]/?#@\s]+)(?::(\d{1,5}))?$/;

/**
 * `WEBHOOK_ALLOW_HOSTS`: named destinations exempt from the address rule (a local receiver in
 * tests, a private deployment's own services). Hosts are compared in the URL parser's canonical
 * form, so `127.0.0.1` also covers `2130706433`. Nothing else bypasses the rule.
 */
export class AllowedHosts {
  private constructor(private readonly entries: readonly AllowedHost[]) {}

  static readonly none = new AllowedHosts([]);

  /** Comma-separated `host` or `host:port` entries; blank entries are ignored. */
  static parse(list: string): Result<AllowedHosts, string> {
    const entries: AllowedHost[] = [];
    for (const entry of list.split(',').map((part) => part.trim()).filter((part) => part !== '')) {
      const match = ENTRY.exec(entry);
      const url = match && URL.parse(`http://${match[1]}`);
      const port = match?.[2] === undefined ? null : Number(match[2]);
      if (!url || (port !== null && (port < 1 || port > 65535))) return err(`${entry} is not a host or host:port`);
      entries.push({ host: hostOf(url), port });
    }
    return ok(new AllowedHosts(entries));
  }

  allows(url: WebhookUrl): boolean {
    return this.entries.some((entry) => entry.host === url.host && (entry.port === null || entry.port === url.port));
  }
}
