import { API_SCOPES, KEY_ENVIRONMENTS, type ApiScope, type IssueApiKey, type KeyEnvironment, type ListApiKeys, type RevokeApiKey } from '@tuma/accounts';
import { unwrap } from '../../http/unwrap.ts';
import { keyView } from '../../apis/sms/api-key-views.ts';
import { fieldRefusal, refusal } from '../form-errors.ts';
import { BUILDERS, html, redirect, redirectShowingOnce, takeShownOnce, type ConsolePage, type MemberRequest } from '../page.ts';
import { keysView, type NewKeyValues } from './key-views.ts';
import { href } from '../layout/view-context.ts';

export interface KeyPageUseCases {
  readonly listApiKeys: ListApiKeys;
  readonly issueApiKey: IssueApiKey;
  readonly revokeApiKey: RevokeApiKey;
}

const isScope = (value: string): value is ApiScope => (API_SCOPES as readonly string[]).includes(value);
const isEnvironment = (value: string): value is KeyEnvironment => (KEY_ENVIRONMENTS as readonly string[]).includes(value);

/** Developers › API keys: the account's keys, created with scopes (the secret shown once) and revoked; the API's `/api/keys` use cases. */
export function keyPages(useCases: KeyPageUseCases): ConsolePage[] {
  const list = async (request: MemberRequest) => unwrap(await useCases.listApiKeys.execute({ accountId: request.member.accountId, kind: 'customer', includeRevoked: true })).map(keyView);
  return [
    {
      method: 'get',
      path: '/developers/keys',
      visitor: 'member',
      section: 'keys',
      roles: BUILDERS,
      handle: async (request) => {
        const issued = takeShownOnce(request);
        return html(200, keysView(request.view, await list(request), issued ? { issued: { key: issued.key!, prefix: issued.prefix! } } : {}));
      },
    },
    {
      method: 'post',
      path: '/developers/keys',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const values: NewKeyValues = { environment: request.form.get('environment') ?? '', scopes: request.form.getAll('scopes'), name: (request.form.get('name') ?? '').trim() };
        const scopes = values.scopes.filter(isScope);
        const refused = !isEnvironment(values.environment)
          ? fieldRefusal('environment', 'Choose test or live')
          : scopes.length === 0 || scopes.length !== values.scopes.length
            ? fieldRefusal('scopes', 'Choose at least one scope')
            : values.name.length > 120
              ? fieldRefusal('name', 'At most 120 characters')
              : undefined;
        if (refused) return html(refused.status, keysView(request.view, await list(request), { values, errors: refused.errors }));
        const issued = await useCases.issueApiKey.execute({
          accountId: request.member.accountId,
          environment: values.environment as KeyEnvironment,
          scopes,
          ...(values.name ? { name: values.name } : {}),
        });
        if (issued.isErr()) {
          const { status, errors } = refusal(issued.error);
          return html(status, keysView(request.view, await list(request), { values, errors }));
        }
        return redirectShowingOnce(request, href(request.view, '/developers/keys'), { key: issued.value.plaintext, prefix: issued.value.apiKey.prefix });
      },
    },
    {
      method: 'post',
      path: '/developers/keys/:id/revoke',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const revoked = await useCases.revokeApiKey.execute({ keyId: request.params.id!, accountId: request.member.accountId });
        if (revoked.isErr()) {
          const { status, errors } = refusal(revoked.error);
          return html(status, keysView(request.view, await list(request), { errors: { fields: {}, form: errors.form ?? 'This key could not be revoked' } }));
        }
        request.session.flash({ kind: 'info', text: `Key ${revoked.value.prefix}… is revoked: every request with it is refused from now on.` });
        return redirect(href(request.view, '/developers/keys'));
      },
    },
  ];
}
