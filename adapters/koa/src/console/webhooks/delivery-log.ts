import { escapeHtml as e } from '../../http/html.ts';
import type { webhookDeliveryView } from '../../apis/webhooks/delivery-views.ts';
import { buttonForm } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { table, type Column } from '../layout/table.ts';
import type { ViewContext } from '../layout/view-context.ts';

export type DeliveryRow = ReturnType<typeof webhookDeliveryView>;

const attemptsOf = (delivery: DeliveryRow) => {
  const last = delivery.attempts.at(-1);
  if (!last) return '<span class="muted">not attempted yet</span>';
  return `${delivery.attempts.length} · last ${last.status_code ?? e(last.error ?? 'no answer')} ${time(last.at)}`;
};

/**
 * A webhook engine's events with their attempts (SMS and mail webhooks alike), each with a
 * Redeliver button posting to `redeliverAction(event)` when one is given.
 */
export function deliveryLog(view: ViewContext, deliveries: readonly DeliveryRow[], redeliverAction: ((delivery: DeliveryRow) => string) | undefined, empty: string): string {
  const action: Column<DeliveryRow>[] = redeliverAction
    ? [{ header: 'Action', cell: (delivery) => buttonForm(view, redeliverAction(delivery), 'Redeliver', { accessibleName: `Redeliver ${delivery.event_id}` }) }]
    : [];
  return table(
    'Events and their delivery attempts, newest first',
    [
      { header: 'Event', cell: (delivery) => `<code>${e(delivery.event_id)}</code><br>${e(delivery.type)}` },
      { header: 'Status', cell: (delivery) => badge(delivery.status, delivery.status === 'delivered' ? 'ok' : delivery.status === 'failed' ? 'bad' : 'plain') },
      { header: 'Created', cell: (delivery) => time(delivery.created_at) },
      { header: 'Attempts', cell: attemptsOf },
      ...action,
    ],
    deliveries,
    empty,
  );
}
