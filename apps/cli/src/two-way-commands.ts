/** The operator's two-way commands: review, approval, rejection and suspension of services, and the short-code inventory. */
import { SERVICE_STATUSES, TWO_WAY_TOKENS, type ServiceStatus, type TwoWayServiceSnapshot } from '@tuma/two-way';
import { apiViews, defineCommand, parsed, required, text, type CliCommand } from './command-table.ts';
import { pageOption, parseRequestId } from './sender-id-commands.ts';

export const SERVICE_LIST_LIMIT = 100;

const serviceIdOption = required(parsed('<service id>', parseRequestId, 'must be a two-way service id (a positive whole number)'));
const parseStatus = (raw: string): ServiceStatus | undefined => SERVICE_STATUSES.find((status) => status === raw);
const parseKind = (raw: string): 'shared' | 'dedicated' | undefined => (raw === 'shared' || raw === 'dedicated' ? raw : undefined);

/** One line per service: `#12  pending  UG shared PIZZA  -  acc_...  Acme`. */
export function serviceLine(s: TwoWayServiceSnapshot): string {
  return `#${s.id}  ${s.status}  ${s.countryCode} ${s.type}${s.keyword ? ` ${s.keyword}` : ''}  ${s.number ?? '-'}  ${s.accountId}  ${s.companyName}`;
}

export const TWO_WAY_COMMANDS: readonly CliCommand[] = [
  defineCommand({
    name: 'two-way:list',
    summary: `Two-way services of every account, ${SERVICE_LIST_LIMIT} per page, newest first.`,
    options: { status: parsed(SERVICE_STATUSES.join('|'), parseStatus, `must be one of ${SERVICE_STATUSES.join(', ')}`), page: pageOption },
    run: async ({ status, page = 0 }, { use, print }) => {
      const { adminTwoWayServiceView } = await apiViews();
      const review = (await use(TWO_WAY_TOKENS.twoWay).reviewServices.execute({ status, page, limit: SERVICE_LIST_LIMIT })).unwrapOr({ services: [], total: 0 });
      return print({ services: review.services.map(adminTwoWayServiceView), total: review.total, page }, () => review.services.map(serviceLine));
    },
  }),
  defineCommand({
    name: 'two-way:approve',
    summary: "Approves a pending service: the setup fee and first month as one fee in the wallet currency, then its short code (--number, or the pool's next free one).",
    options: { id: serviceIdOption, number: text('<short code>') },
    run: async ({ id, number }, { use, report }) => {
      const { adminTwoWayServiceView } = await apiViews();
      return report(await use(TWO_WAY_TOKENS.twoWay).approveService.execute({ id, number }), ({ service, charge }) => ({
        ...adminTwoWayServiceView(service),
        charge_transaction_id: charge.id,
        charge_amount: charge.amount.negate().toNumber(),
        charge_currency: charge.amount.currency,
      }));
    },
  }),
  defineCommand({
    name: 'two-way:reject',
    summary: 'Rejects a pending service with the reason the customer sees; nothing is charged.',
    options: { id: serviceIdOption, reason: required(text('<text>')) },
    run: async ({ id, reason }, { use, report }) => report(await use(TWO_WAY_TOKENS.twoWay).rejectService.execute({ id, reason }), (await apiViews()).adminTwoWayServiceView),
  }),
  defineCommand({
    name: 'two-way:suspend',
    summary: 'Suspends an active or past-due service: inbound messages are stored, not forwarded or answered.',
    options: { id: serviceIdOption },
    run: async ({ id }, { use, report }) => report(await use(TWO_WAY_TOKENS.twoWay).suspendService.execute({ id, suspended: true }), (await apiViews()).adminTwoWayServiceView),
  }),
  defineCommand({
    name: 'two-way:unsuspend',
    summary: "Lifts the operator's suspension of a service.",
    options: { id: serviceIdOption },
    run: async ({ id }, { use, report }) => report(await use(TWO_WAY_TOKENS.twoWay).suspendService.execute({ id, suspended: false }), (await apiViews()).adminTwoWayServiceView),
  }),
  defineCommand({
    name: 'two-way:add-short-code',
    summary: "Adds a leased short code: a market's shared code (keywords) or one for its dedicated pool.",
    options: { country: required(text('<country code>')), number: required(text('<short code>')), kind: required(parsed('shared|dedicated', parseKind, 'must be shared or dedicated')) },
    run: async ({ country, number, kind }, { use, report }) => report(await use(TWO_WAY_TOKENS.twoWay).provisionShortCode.execute({ countryCode: country, number, kind }), (await apiViews()).shortCodeView),
  }),
];
