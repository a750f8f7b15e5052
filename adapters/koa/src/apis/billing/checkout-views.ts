import type { TopUp, TopUpStatusView } from '@tuma/billing';
import type { Money } from '@tuma/kernel';
import { escapeHtml as e } from '../../http/html.ts';
import { pageDocument } from '../../http/page-document.ts';

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; background: #f4f5f7; color: #1d2330; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 2px 12px #0001; }
  h1 { font-size: 1.3rem; margin: 0 0 1rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .4rem 1rem; margin: 1.2rem 0; }
  dt { color: #5b6475; } dd { margin: 0; font-weight: 600; word-break: break-all; }
  .note { background: #fff7e0; border-radius: 8px; padding: .6rem .8rem; font-size: .9rem; }
  .error { background: #fde8e8; border-radius: 8px; padding: .6rem .8rem; }
  .actions { display: flex; gap: .8rem; margin-top: 1.5rem; } form { margin: 0; }
  button { font: inherit; border: 0; border-radius: 8px; padding: .7rem 1.4rem; cursor: pointer; }
  #confirm { background: #1f7a4d; color: #fff; } #cancel { background: #e6e8ec; color: #1d2330; }
`;

const layout = (title: string, content: string, options: { refreshSeconds?: number } = {}): string =>
  pageDocument(title, STYLE, content, options.refreshSeconds ? [`<meta http-equiv="refresh" content="${options.refreshSeconds}">`] : []);

/** A money amount for people, with the exact decimal for machines in `data-amount`. */
const amount = (id: string, money: Money) => `<dd id="${id}" data-amount="${money.toDecimalString()}" data-currency="${money.currency}">${e(money.format())}</dd>`;

/** The built-in checkout: what is paid, by whom, and the two buttons. */
export function hostedCheckoutView(topUp: TopUp, error?: string): string {
  const session = encodeURIComponent(topUp.providerSessionId);
  const open = topUp.status === 'pending';
  const content = `<h1>Top up your Tuma wallet</h1>
<p class="note">Built-in test checkout: no money moves. Confirming credits the wallet, as a real payment would. (Operators: set PAYMENT_PROVIDER=stripe to take real payments.)</p>
<dl>
  <dt>Amount</dt>${amount('amount', topUp.amount)}
  <dt>Account</dt><dd id="email">${e(topUp.customerEmail ?? '-')}</dd>
  <dt>Top-up</dt><dd id="top-up">${e(topUp.id)}</dd>
  <dt>Status</dt><dd id="status">${e(topUp.status)}</dd>
</dl>
${error ? `<p class="error" id="error">${e(error)}</p>` : ''}
${
  open
    ? `<div class="actions">
  <form method="post" action="/checkout/${session}/confirm"><button id="confirm" type="submit">Confirm payment</button></form>
  <form method="post" action="/checkout/${session}/cancel"><button id="cancel" type="submit">Cancel</button></form>
</div>`
    : `<p><a href="/checkout/top-ups/${encodeURIComponent(topUp.id)}">See this top-up</a></p>`
}`;
  return layout('Tuma checkout', content);
}

const STATUS_TEXT: Record<TopUp['status'], string> = {
  completed: 'Payment received: your wallet was credited.',
  pending: 'Waiting for the payment to be confirmed. This page refreshes by itself.',
  expired: 'This top-up was cancelled or has expired. Nothing was charged.',
  failed: 'The payment did not go through. Nothing was credited.',
};

/** Where the payer lands after the checkout: the top-up's state and the wallet's balance now. */
export function topUpStatusView(view: TopUpStatusView, cancelled: boolean): string {
  const { topUp, balance } = view;
  const left = cancelled && topUp.status === 'pending';
  const message = left
    ? `You left the checkout; nothing was charged. <a href="${e(topUp.checkoutUrl)}">Back to the checkout</a>`
    : e(STATUS_TEXT[topUp.status]);
  const content = `<h1>Wallet top-up</h1>
<p id="message">${message}</p>
<dl>
  <dt>Amount</dt>${amount('amount', topUp.amount)}
  <dt>Status</dt><dd id="status">${e(topUp.status)}</dd>
  ${topUp.failureReason ? `<dt>Reason</dt><dd id="reason">${e(topUp.failureReason)}</dd>` : ''}
  <dt>Balance</dt>${balance ? amount('balance', balance) : '<dd id="balance">no wallet yet</dd>'}
  <dt>Top-up</dt><dd id="top-up">${e(topUp.id)}</dd>
</dl>`;
  return layout('Tuma wallet top-up', content, topUp.status === 'pending' && !left ? { refreshSeconds: 3 } : {});
}

export function pageNotFoundView(what: string): string {
  return layout('Not found', `<h1>Not found</h1>\n<p id="message">${e(what)}</p>`);
}
