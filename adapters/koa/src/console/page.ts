import type { Member, Role } from '@tuma/identity';
import type { Context } from 'koa';
import type { ConsoleSession } from './session/console-session.ts';
import type { UploadedFile } from './session/form-body.ts';
import type { Section } from './layout/navigation.ts';
import type { ViewContext } from './layout/view-context.ts';

/** One request to a console page, as its handler sees it. */
export interface PageRequest {
  readonly koa: Context;
  readonly session: ConsoleSession;
  readonly view: ViewContext;
  /** The posted form's text fields (empty on GET). */
  readonly form: URLSearchParams;
  /** The posted form's files, on a page taking uploads. */
  readonly files: ReadonlyMap<string, UploadedFile>;
  readonly query: URLSearchParams;
  readonly params: Readonly<Record<string, string>>;
}

/** A signed-in page's request: the member is known. */
export interface MemberRequest extends PageRequest {
  readonly member: Member;
}

export type PageAnswer =
  | { readonly status: number; readonly html: string }
  | { readonly redirect: string }
  /** A download (a CSV export, a QR code's PNG). */
  | { readonly file: { readonly contentType: string; readonly filename: string; readonly body: string | Buffer } };

export const html = (status: number, body: string): PageAnswer => ({ status, html: body });
export const redirect = (to: string): PageAnswer => ({ redirect: to });

/**
 * The answer to a POST that made a secret (a key, a password, a signing secret): the secret kept
 * sealed in the session for the page `to` and a redirect there, which shows it once (`takeShownOnce`).
 * Reloading that page neither shows the secret again nor posts the form a second time.
 */
export function redirectShowingOnce(request: PageRequest, to: string, values: Readonly<Record<string, string>>): PageAnswer {
  request.session.showOnce(to, values);
  return redirect(to);
}

/** What the POST that redirected here left for this page to show once (`redirectShowingOnce`). */
export const takeShownOnce = (request: PageRequest): Readonly<Record<string, string>> | undefined => request.session.takeShownOnce(request.koa.originalUrl);
export const download = (filename: string, contentType: string, body: string | Buffer): PageAnswer => ({ file: { filename, contentType, body } });

/** A page before sign-in (a signed-in visitor is sent home), or any visitor's (`anyone`). */
export interface PublicPage {
  readonly method: 'get' | 'post';
  readonly path: string;
  readonly visitor: 'signed-out' | 'anyone';
  readonly uploadLimitBytes?: never;
  handle(request: PageRequest): Promise<PageAnswer>;
}

/** A page for signed-in members (others are sent to sign in), of `roles` when given (else 403). */
export interface MemberPage {
  readonly method: 'get' | 'post';
  readonly path: string;
  readonly visitor: 'member';
  /** The menu entry this page is: the menu lists only the sections whose page is served. */
  readonly section?: Section;
  readonly roles?: readonly Role[];
  /** Takes multipart/form-data with files up to this size (else forms of 64 KB). */
  readonly uploadLimitBytes?: number;
  handle(request: MemberRequest): Promise<PageAnswer>;
}

/**
 * An operator page (docs/dashboard.md, "Operator sign-in"): a signed-in member whose session proved
 * the operator key within the hour; anyone else gets 404, as for a page that does not exist.
 */
export interface OperatorPage {
  readonly method: 'get' | 'post';
  readonly path: string;
  readonly visitor: 'operator';
  readonly section?: Section;
  readonly uploadLimitBytes?: never;
  handle(request: OperatorRequest): Promise<PageAnswer>;
}

/** An operator page's request: the member, and the operator key's id (for the record of who did what). */
export interface OperatorRequest extends MemberRequest {
  readonly operatorKeyId: string;
}

export type ConsolePage = PublicPage | MemberPage | OperatorPage;

/** Owners, admins and developers build with the API (keys, webhooks, sends); viewers read. */
export const BUILDERS: readonly Role[] = ['owner', 'admin', 'developer'];
