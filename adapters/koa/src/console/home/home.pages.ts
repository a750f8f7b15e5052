import type { Account, IssueApiKey } from '@tuma/accounts';
import type { WalletLedger } from '@tuma/billing';
import type { GetMessageStats, GetMessageVolume, GetReport, ReportScope } from '@tuma/messaging';
import { unwrap } from '../../http/unwrap.ts';
import { balanceView } from '../../apis/billing/balance-views.ts';
import { reportView, statsView, volumeView } from '../../apis/sms/report-views.ts';
import { memberAccount } from '../member-account.ts';
import { BUILDERS, html, redirectShowingOnce, takeShownOnce, type ConsolePage, type MemberRequest } from '../page.ts';
import { href } from '../layout/view-context.ts';
import { homeView } from './home-views.ts';

export interface HomePageUseCases {
  readonly walletLedger: WalletLedger;
  readonly readAccount: (accountId: string) => Promise<Account | undefined>;
  readonly issueApiKey: IssueApiKey;
  readonly getMessageStats: GetMessageStats;
  readonly getMessageVolume: GetMessageVolume;
  readonly getReport: GetReport;
  /** The SMS API's public base URL (for the getting-started curl). */
  readonly apiBaseUrl: () => string;
  readonly now: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
const startOfUtcMonth = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

/** Home: the wallet, this month's spend, today's messages, 14 days of volume, delivery rate per country, and a getting-started curl that can carry a test key made for it. */
export function homePages(useCases: HomePageUseCases): ConsolePage[] {
  const render = async (request: MemberRequest, status: number, testKey?: string) => {
    const account = await memberAccount(useCases.readAccount, request);
    const balance = balanceView(unwrap(await useCases.walletLedger.balance(account.id)), account.walletCurrency);
    const environment = request.query.get('environment') === 'test' ? 'test' : 'live';
    const scope: ReportScope = { accountId: account.id, environment, currency: account.walletCurrency };
    const now = useCases.now();
    const [month, today, volume, report] = await Promise.all([
      useCases.getMessageStats.execute({ scope, from: startOfUtcMonth(now), to: now }),
      useCases.getMessageStats.execute({ scope, from: startOfUtcDay(now), to: now }),
      useCases.getMessageVolume.execute({ scope, days: 14 }),
      useCases.getReport.execute({ scope, from: new Date(now.getTime() - 30 * DAY_MS), to: now }),
    ]);
    return html(
      status,
      homeView(request.view, {
        balance,
        environment,
        month: statsView(scope, unwrap(month)),
        today: statsView(scope, unwrap(today)),
        volume: volumeView(scope, unwrap(volume)),
        countries: reportView(scope, unwrap(report)).by_country,
        emailVerified: account.isEmailVerified,
        apiBaseUrl: useCases.apiBaseUrl(),
        testKey,
        canCreateKeys: BUILDERS.includes(request.member.role),
      }),
    );
  };
  return [
    { method: 'get', path: '/', visitor: 'member', section: 'home', handle: (request) => render(request, 200, takeShownOnce(request)?.key) },
    {
      method: 'post',
      path: '/getting-started/test-key',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const issued = unwrap(await useCases.issueApiKey.execute({ accountId: request.member.accountId, environment: 'test', name: 'Getting started' }));
        return redirectShowingOnce(request, href(request.view, '/'), { key: issued.plaintext });
      },
    },
  ];
}
