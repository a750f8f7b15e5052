import type { Role } from '@tuma/identity';
import type { Flash } from '../session/console-session.ts';
import type { Section } from './navigation.ts';

/** What every console view needs: where the console is, the form token, who is signed in, the message to show once. */
export interface ViewContext {
  /** The console's base path (`/app`): every link and form action starts with it. */
  readonly base: string;
  readonly csrf: string;
  readonly user: { readonly email: string; readonly role: Role } | undefined;
  readonly flash: Flash | undefined;
  /** The menu's sections whose pages are served (a product not built is absent). */
  readonly menu: ReadonlySet<Section>;
  /** The session has operator access now: the operator's menu shows. */
  readonly operator?: boolean;
}

/** A console path: `href(view, '/keys')` -> `/app/keys`. */
export const href = (view: Pick<ViewContext, 'base'>, path: string): string => `${view.base}${path}`;
