import { newId, type Clock } from '@tuma/kernel';
import type { OutboxEntry, WebhookOutbox } from '@tuma/webhooks';
import type { Click, ClickedLink } from '../../domain/clicks/click.ts';
import { receives } from '../../domain/webhooks/link-webhook.ts';
import type { LinksPlans } from '../plans/links-plans.port.ts';
import type { LinkWebhookRepository } from './link-webhook.repository.port.ts';

/**
 * `link.clicked` events (docs/links.md, "Webhooks"), made by the click flush, never on the request
 * path: one delivery per human click and webhook of its link's account and environment that is
 * active and subscribed, while the account's plan has webhooks. The body names the link and what
 * the click's classification kept; never the address nor the visitor key.
 */
export class ClickWebhooks {
  constructor(
    private readonly webhooks: LinkWebhookRepository,
    private readonly plans: LinksPlans,
    private readonly outbox: WebhookOutbox,
    private readonly shortUrlOf: (link: ClickedLink) => Promise<string>,
    private readonly clock: Clock,
  ) {}

  /** The webhooks the clicks' accounts have: none (the usual case) means nothing to publish, and no transaction for the flush. */
  async subscribersOf(clicks: readonly Click[]) {
    const accountIds = [...new Set(clicks.flatMap((click) => (click.bot || !click.link ? [] : [click.link.accountId])))];
    return accountIds.length === 0 ? [] : this.webhooks.ofAccounts(accountIds);
  }

  /** Stores the events of these clicks for the webhooks found (in the caller's unit of work: with the clicks). */
  async publish(clicks: readonly Click[], webhooks: Awaited<ReturnType<ClickWebhooks['subscribersOf']>>): Promise<void> {
    const subscribed = webhooks.filter((webhook) => receives(webhook, 'link.clicked'));
    if (subscribed.length === 0) return;
    const accounts = [...new Set(subscribed.map((webhook) => webhook.accountId))];
    const allowed = new Set((await Promise.all(accounts.map(async (accountId) => ((await this.plans.planOf(accountId)).hasWebhooks ? [accountId] : [])))).flat());
    const now = this.clock.now();
    const entries: OutboxEntry[] = [];
    const urls = new Map<string, Promise<string>>();
    for (const click of clicks) {
      const link = click.link;
      if (click.bot || !link || !allowed.has(link.accountId)) continue;
      const targets = subscribed.filter((webhook) => webhook.accountId === link.accountId && webhook.environment === link.environment);
      if (targets.length === 0) continue;
      if (!urls.has(click.linkId)) urls.set(click.linkId, this.shortUrlOf(link));
      const payload = {
        event_type: 'link.clicked',
        timestamp: click.at.toISOString(),
        data: { link_id: click.linkId, slug: link.slug, short_url: await urls.get(click.linkId)!, domain_id: link.domainId, country: click.country, device: click.device, browser: click.browser, referrer: click.referrer },
      };
      for (const webhook of targets) {
        entries.push({ event: { id: newId('evt', now), accountId: link.accountId, environment: link.environment, kind: webhook.id, type: 'link.clicked', payload, createdAt: now }, url: webhook.url });
      }
    }
    await this.outbox.store(entries);
  }
}
