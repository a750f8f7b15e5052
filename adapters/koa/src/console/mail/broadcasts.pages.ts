import { randomUUID } from 'node:crypto';
import { IdempotencyKey, requestFingerprint, type Idempotency } from '@tuma/idempotency';
import type { MailService } from '@tuma/mail';
import { HttpError } from '../../http/http-error.ts';
import { unwrap } from '../../http/unwrap.ts';
import { broadcastSendBody } from '../../apis/mail/broadcasts.routes.ts';
import { broadcastView as broadcastRow, contactListView } from '../../apis/mail/contact-views.ts';
import { checkedBy, fieldRefusal, refusal } from '../form-errors.ts';
import { BUILDERS, html, redirect, type ConsolePage, type MemberPage, type MemberRequest } from '../page.ts';
import { dateTimeFieldAsIso } from '../layout/date-time-field.ts';
import type { FormErrors } from '../layout/form.ts';
import { broadcastPageView, broadcastsView, type BroadcastValues } from './broadcast-views.ts';
import { href } from '../layout/view-context.ts';

export interface MailBroadcastPageUseCases {
  readonly broadcasts: Pick<MailService, 'listMailContactLists' | 'getMailContactList' | 'sendBroadcast' | 'listBroadcasts' | 'getBroadcast' | 'cancelBroadcast'>;
  /** The Idempotency-Key use cases the API's idempotent routes use: the form's one-time key is claimed as a header's would be. */
  readonly idempotency: Pick<Idempotency, 'claimKey' | 'releaseKey'>;
}

const SHOWN = 50;
const LISTS_SHOWN = 100;
const BROADCAST_ID = /^bc_[0-9A-Z]{26}$/;
/** The key's operation: the console's form, never replayed to the API's route (another operation). */
const OPERATION = 'CONSOLE POST /mail/broadcasts';

const valuesOf = (form: URLSearchParams): BroadcastValues => ({
  list_id: form.get('list_id') ?? '',
  from: (form.get('from') ?? '').trim(),
  subject: form.get('subject') ?? '',
  html: form.get('html') ?? '',
  text: form.get('text') ?? '',
  scheduled_at: dateTimeFieldAsIso((form.get('scheduled_at') ?? '').trim()),
  idempotency_key: form.get('idempotency_key') ?? '',
});

/**
 * Mail › Broadcasts: compose to a contact list (now or at a time), the account's broadcasts, one's
 * progress refreshing itself, cancel; `SendBroadcast` and `Broadcasts` as the API's routes call
 * them. The compose form carries a one-time key claimed as an Idempotency-Key: a form posted twice
 * (a double click, a reload) sends once and shows the first broadcast.
 */
export function mailBroadcastPages({ broadcasts: useCases, idempotency }: MailBroadcastPageUseCases): ConsolePage[] {
  const canWrite = (request: MemberRequest) => BUILDERS.includes(request.member.role);
  const account = (request: MemberRequest) => request.member.accountId;
  const listsOf = async (request: MemberRequest) => unwrap(await useCases.listMailContactLists.execute({ accountId: account(request), limit: LISTS_SHOWN })).items.map(contactListView);
  const fresh = (request: MemberRequest): BroadcastValues => ({ list_id: request.query.get('list_id') ?? '', from: '', subject: '', html: '', text: '', scheduled_at: '', idempotency_key: `console-${randomUUID()}` });

  const renderList = async (request: MemberRequest, status: number, values: BroadcastValues, errors?: FormErrors) => {
    const cursor = request.query.get('cursor') ?? undefined;
    const found = unwrap(await useCases.listBroadcasts.execute({ accountId: account(request), after: cursor && BROADCAST_ID.test(cursor) ? cursor : undefined, limit: SHOWN }));
    const lists = await listsOf(request);
    return html(status, broadcastsView(request.view, { broadcasts: found.items.map(broadcastRow), lists, canWrite: canWrite(request), values, next: found.next, ...(errors ? { errors } : {}) }));
  };
  const idOf = (request: MemberRequest) => {
    const id = request.params.id ?? '';
    if (!BROADCAST_ID.test(id)) throw new HttpError(404, 'not_found', 'There is no such broadcast in this account.');
    return id;
  };
  const toBroadcast = (request: MemberRequest, id: string) => redirect(href(request.view, `/mail/broadcasts/${encodeURIComponent(id)}`));

  const page = (method: 'get' | 'post', path: string, handle: MemberPage['handle'], extra: Partial<MemberPage> = {}): MemberPage => ({ method, path, visitor: 'member', handle, ...extra });
  return [
    page('get', '/mail/broadcasts', async (request) => renderList(request, 200, fresh(request)), { section: 'mail-broadcasts' }),
    page(
      'post',
      '/mail/broadcasts',
      async (request) => {
        const values = valuesOf(request.form);
        // A refused form gets a new key: what it sends next is another request.
        const again = (answer: { status: number; errors: FormErrors }) => renderList(request, answer.status, { ...values, idempotency_key: fresh(request).idempotency_key }, answer.errors);
        const optional = (value: string) => value || undefined;
        const checked = checkedBy(broadcastSendBody, { from: values.from, subject: values.subject, html: optional(values.html), text: optional(values.text), scheduled_at: optional(values.scheduled_at) });
        if (!checked.ok) return again(checked);
        const key = IdempotencyKey.create(values.idempotency_key);
        if (key.isErr()) return again(refusal(key.error));
        const { idempotency_key: _, ...body } = values;
        const claimed = await idempotency.claimKey.execute({ scope: { accountId: account(request), environment: 'live' }, key: key.value, operation: OPERATION, fingerprint: await requestFingerprint(OPERATION, body) });
        if (claimed.isErr()) {
          // The same form still being sent (a double click): its broadcast is in the list once it is.
          request.session.flash({ kind: 'error', text: claimed.error.type === 'idempotency_key_in_progress' ? 'This form is being sent already: the broadcast appears below once accepted.' : claimed.error.message });
          return redirect(href(request.view, '/mail/broadcasts'));
        }
        if (claimed.value.type === 'replay') {
          const { id } = claimed.value.response.body as { id: string };
          request.session.flash({ kind: 'info', text: 'This form was sent already: here is its broadcast (it was sent once).' });
          return toBroadcast(request, id);
        }
        const { claim } = claimed.value;
        const accepted = await useCases.sendBroadcast.execute({
          accountId: account(request),
          listId: values.list_id,
          from: checked.value.from,
          subject: checked.value.subject,
          html: checked.value.html,
          text: checked.value.text,
          scheduledAt: checked.value.scheduled_at ? new Date(checked.value.scheduled_at) : undefined,
          // Kept with the broadcast in its unit of work: a second post of this form answers it.
          idempotency: { claim, respond: (outcome) => (outcome.isOk() ? { status: 200, headers: {}, body: { id: outcome.value.broadcast.id } } : undefined) },
        });
        if (accepted.isErr()) {
          await idempotency.releaseKey.execute(claim);
          if (accepted.error.type === 'not_found') return again(fieldRefusal('list_id', 'Choose one of your contact lists'));
          const refused = refusal(accepted.error, { listId: 'list_id', scheduledAt: 'scheduled_at' });
          // A from the account may not send as is the From field's error.
          if (accepted.error.type === 'domain_not_verified') return again({ status: refused.status, errors: { fields: { from: refused.errors.form ?? accepted.error.message } } });
          return again(refused);
        }
        request.session.flash({ kind: 'info', text: accepted.value.broadcast.scheduledAt ? 'Broadcast scheduled.' : 'Broadcast accepted: its emails are being written and sent.' });
        return toBroadcast(request, accepted.value.broadcast.id);
      },
      { roles: BUILDERS },
    ),
    page('get', '/mail/broadcasts/:id', async (request) => {
      const broadcast = broadcastRow(unwrap(await useCases.getBroadcast.execute({ accountId: account(request), id: idOf(request) })));
      const list = await useCases.getMailContactList.execute({ accountId: account(request), listId: broadcast.list_id });
      return html(200, broadcastPageView(request.view, { broadcast, listName: list.isOk() ? list.value.name : undefined, canWrite: canWrite(request) }));
    }),
    page(
      'post',
      '/mail/broadcasts/:id/cancel',
      async (request) => {
        const id = idOf(request);
        const cancelled = await useCases.cancelBroadcast.execute({ accountId: account(request), id });
        if (cancelled.isErr()) {
          if (cancelled.error.type === 'not_found') unwrap(cancelled);
          request.session.flash({ kind: 'error', text: refusal(cancelled.error).errors.form ?? 'The broadcast could not be cancelled.' });
        } else request.session.flash({ kind: 'info', text: 'Broadcast cancelled: the recipients still waiting get nothing.' });
        return toBroadcast(request, id);
      },
      { roles: BUILDERS },
    ),
  ];
}
