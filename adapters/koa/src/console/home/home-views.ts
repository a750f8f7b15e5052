import { escapeHtml as e } from '../../http/html.ts';
import type { balanceView } from '../../apis/billing/balance-views.ts';
import type { reportView, statsView, volumeView } from '../../apis/sms/report-views.ts';
import { buttonForm } from '../layout/form.ts';
import { table } from '../layout/table.ts';
import { volumeChart } from './volume-chart.ts';
import { consolePage } from '../layout/layout.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export interface HomeFigures {
  readonly balance: ReturnType<typeof balanceView>;
  readonly environment: 'live' | 'test';
  readonly month: ReturnType<typeof statsView>;
  readonly today: ReturnType<typeof statsView>;
  readonly volume: ReturnType<typeof volumeView>;
  readonly countries: ReturnType<typeof reportView>['by_country'];
  readonly emailVerified: boolean;
  /** The SMS API's base URL, for the curl. */
  readonly apiBaseUrl: string;
  /** A test key created for the getting-started curl this once. */
  readonly testKey?: string;
  readonly canCreateKeys: boolean;
}

const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${e(currency)}`;

function gettingStarted(view: ViewContext, figures: HomeFigures): string {
  const key = figures.testKey ?? '$TUMA_TEST_KEY';
  const curl = `curl ${figures.apiBaseUrl}/api/messages/send \\
  -H "Authorization: Bearer ${key}" \\
  -H "Content-Type: application/json" \\
  -d '{"to": "+254712345678", "text": "Hello from Tuma"}'`;
  const keyLine = figures.testKey
    ? '<p>This curl carries a new test key, shown only this once: copy it now. Test keys reach the sandbox: nothing goes to a phone, nothing is charged.</p>'
    : figures.canCreateKeys
      ? `<p>Send your first test message with a test key (the sandbox: nothing goes to a phone, nothing is charged).</p>${buttonForm(view, href(view, '/getting-started/test-key'), 'Create a test key for this curl')}`
      : '<p>Ask a developer of your team for a test key.</p>';
  return `<section class="card" aria-labelledby="start-title">
<h2 id="start-title">Getting started</h2>
${keyLine}
<pre><code id="first-curl">${e(curl)}</code></pre>
<button type="button" class="secondary" data-copy="first-curl">Copy curl</button>
</section>`;
}

export function homeView(view: ViewContext, figures: HomeFigures): string {
  const { balance } = figures;
  const unverified = figures.emailVerified
    ? ''
    : '<p class="alert" role="status">Verify your email address to send live traffic: we mailed you a link. Test keys work meanwhile.</p>\n';
  const { month, today } = figures;
  const other = figures.environment === 'live' ? 'test' : 'live';
  const countries = table(
    'Delivery rate per country, last 30 days',
    [
      { header: 'Country', cell: (row) => e(row.country) },
      { header: 'Messages', cell: (row) => String(row.messages) },
      { header: 'Delivered', cell: (row) => String(row.delivered) },
      { header: 'Delivery rate', cell: (row) => (row.delivery_rate === null ? '<span class="muted">no outcome yet</span>' : `${(row.delivery_rate * 100).toFixed(1)} %`) },
    ],
    figures.countries,
    'No messages in the last 30 days.',
  );
  const content = `${unverified}<p>Figures of <strong>${figures.environment}</strong> traffic · <a href="${href(view, `/?environment=${other}`)}">show ${other}</a></p>
<div class="cards">
<section class="card"><h2>Wallet balance</h2><p class="stat" id="balance" data-amount="${balance.balance}" data-currency="${e(balance.currency)}">${money(balance.balance, balance.currency)}</p>
<p class="muted">Available ${money(balance.available, balance.currency)} · <a href="${href(view, '/billing')}">Top up</a></p></section>
<section class="card"><h2>Spent this month</h2><p class="stat" id="month-spend" data-amount="${month.spend}">${money(month.spend, month.currency)}</p><p class="muted">${month.messages} messages</p></section>
<section class="card"><h2>Today</h2><p class="stat"><span id="today-sent">${today.messages}</span> sent</p><p class="muted"><span id="today-delivered">${today.delivered}</span> delivered</p></section>
</div>
<section class="card" aria-labelledby="volume-heading"><h2 id="volume-heading">Last 14 days</h2>
${volumeChart(figures.volume.daily)}
</section>
<section class="card">${countries}</section>
${gettingStarted(view, figures)}`;
  return consolePage(view, 'Home', 'home', content);
}
