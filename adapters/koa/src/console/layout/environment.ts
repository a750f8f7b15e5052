import type { KeyEnvironment } from '@tuma/accounts';
import { escapeHtml as e } from '../../http/html.ts';
import { href, type ViewContext } from './view-context.ts';

/** The environment a console request names (form field or query): live unless `test`. */
export const environmentIn = (form: URLSearchParams, query: URLSearchParams): KeyEnvironment =>
  (form.get('environment') ?? query.get('environment')) === 'test' ? 'test' : 'live';

/** Live · test links to the same page, the current one marked; `note` says what the environment holds. */
export const environmentSwitch = (view: ViewContext, path: string, current: KeyEnvironment, note: string): string =>
  `<p>Environment: ${(['live', 'test'] as const)
    .map((environment) =>
      environment === current ? `<strong aria-current="true">${environment}</strong>` : `<a href="${href(view, `${path}?environment=${environment}`)}">${environment}</a>`,
    )
    .join(' · ')} <span class="muted">(${e(note)})</span></p>`;

/** The hidden field carrying the environment through a form. */
export const environmentField = (environment: KeyEnvironment): string => `<input type="hidden" name="environment" value="${environment}">`;
