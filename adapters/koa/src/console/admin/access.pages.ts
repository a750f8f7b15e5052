import type { AuthenticateApiKey } from '@tuma/accounts';
import { fieldRefusal } from '../form-errors.ts';
import { html, redirect, type ConsolePage } from '../page.ts';
import { operatorSignInView } from './operator-views.ts';
import { href } from '../layout/view-context.ts';

export interface OperatorAccessUseCases {
  /** The API's key check: the operator key is the one of kind `operator` (ADMIN_API_KEY). */
  readonly authenticateApiKey: Pick<AuthenticateApiKey, 'execute'>;
  /** The console's clock (the session's timeouts count on it). */
  readonly now: () => number;
}

/**
 * Operator access (docs/dashboard.md, "Operator sign-in"): a signed-in member enters the operator
 * key once; the session keeps which key it was (its id, sealed in the cookie, never the key) for
 * an hour. Any other key, or none, is the same refusal.
 */
export function operatorAccessPages(useCases: OperatorAccessUseCases): ConsolePage[] {
  return [
    { method: 'get', path: '/operator/sign-in', visitor: 'member', handle: async (request) => html(200, operatorSignInView(request.view)) },
    {
      method: 'post',
      path: '/operator/sign-in',
      visitor: 'member',
      handle: async (request) => {
        const key = request.form.get('key') ?? '';
        const principal = key ? await useCases.authenticateApiKey.execute(key) : undefined;
        if (!principal?.isOk() || principal.value.apiKey.kind !== 'operator') {
          const { errors } = fieldRefusal('key', 'This is not the operator key.');
          return html(403, operatorSignInView(request.view, errors));
        }
        request.session.becomeOperator(principal.value.apiKey.id, useCases.now());
        request.session.flash({ kind: 'info', text: 'Operator pages are open to this session for an hour.' });
        return redirect(href(request.view, '/operator/accounts'));
      },
    },
    {
      method: 'post',
      path: '/operator/sign-out',
      visitor: 'member',
      handle: async (request) => {
        request.session.endOperator();
        request.session.flash({ kind: 'info', text: 'Operator pages are closed to this session.' });
        return redirect(href(request.view, '/'));
      },
    },
  ];
}
