import type { Account, IssueApiKey } from '@tuma/accounts';
import type { WalletLedger } from '@tuma/billing';
import { unwrap } from '../../http/unwrap.ts';
import { balanceView } from '../../routes/balance-views.ts';
import { BUILDERS, html, type ConsolePage, type MemberRequest } from '../page.ts';
import { homeView } from '../views/home-views.ts';

export interface HomePageUseCases {
  readonly walletLedger: WalletLedger;
  readonly readAccount: (accountId: string) => Promise<Account | undefined>;
  readonly issueApiKey: IssueApiKey;
  /** The SMS API's public base URL (for the getting-started curl). */
  readonly apiBaseUrl: () => string;
}

/** Home: the wallet and a getting-started panel whose curl can carry a test key made for it. */
export function homePages(useCases: HomePageUseCases): ConsolePage[] {
  const render = async (request: MemberRequest, status: number, testKey?: string) => {
    const account = await useCases.readAccount(request.member.accountId);
    if (!account) throw new Error(`Account ${request.member.accountId} of a live session is missing`);
    const balance = balanceView(unwrap(await useCases.walletLedger.balance(account.id)), account.walletCurrency);
    return html(
      status,
      homeView(request.view, { balance, emailVerified: account.isEmailVerified, apiBaseUrl: useCases.apiBaseUrl(), testKey, canCreateKeys: BUILDERS.includes(request.member.role) }),
    );
  };
  return [
    { method: 'get', path: '/', visitor: 'member', section: 'home', handle: (request) => render(request, 200) },
    {
      method: 'post',
      path: '/getting-started/test-key',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const issued = unwrap(await useCases.issueApiKey.execute({ accountId: request.member.accountId, environment: 'test', name: 'Getting started' }));
        return render(request, 201, issued.plaintext);
      },
    },
  ];
}
