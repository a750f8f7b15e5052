import { VERIFICATION_STATUSES, type VerificationService } from '@tuma/verification';
import { unwrap } from '../../http/unwrap.ts';
import { verificationView } from '../../apis/verify/verify-views.ts';
import { fieldRefusal } from '../form-errors.ts';
import { html, type ConsolePage } from '../page.ts';
import { environmentIn } from '../layout/environment.ts';
import { verificationsView, type VerificationFilters } from './log-views.ts';

const PAGE_SIZE = 25;
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * Verify › Verifications: the account's verifications of an environment, newest first, filtered by
 * status and number, each naming its app; `ListVerifications` as `GET /v1/verify` calls it
 * (the API filters by status and number, not by app: the app is a column).
 */
export function verifyLogPages(verification: Pick<VerificationService, 'listVerifications' | 'listVerifyApps'>): ConsolePage[] {
  return [
    {
      method: 'get',
      path: '/verify/verifications',
      visitor: 'member',
      section: 'verify-log',
      handle: async (request) => {
        const filters: VerificationFilters = {
          environment: environmentIn(request.form, request.query),
          status: request.query.get('status') ?? '',
          to: (request.query.get('to') ?? '').trim(),
        };
        const page = Math.max(0, Math.min(10_000, Number.parseInt(request.query.get('page') ?? '0', 10) || 0));
        const apps = new Map(unwrap(await verification.listVerifyApps.execute(request.member.accountId)).map((app) => [app.id, app.name]));
        if (filters.to && !E164.test(filters.to)) {
          return html(422, verificationsView(request.view, filters, [], apps, { page: 0, pages: 0 }, fieldRefusal('to', 'Must be an E.164 number (+254712345678)').errors));
        }
        const status = VERIFICATION_STATUSES.find((known) => known === filters.status);
        const found = unwrap(
          await verification.listVerifications.execute({ accountId: request.member.accountId, environment: filters.environment, status, to: filters.to || undefined, page, limit: PAGE_SIZE }),
        );
        return html(200, verificationsView(request.view, filters, found.items.map(verificationView), apps, { page, pages: Math.ceil(found.total / PAGE_SIZE) }));
      },
    },
  ];
}
