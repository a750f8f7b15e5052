import type { HttpResult } from './route.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML content and attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * Headers of the app's own HTML pages: inline styles only, nothing loaded from anywhere, never
 * framed, never cached, and no Referer that would carry the page's capability URL elsewhere.
 */
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

export const htmlPage = (status: number, html: string): HttpResult => ({ status, body: html, headers: { ...PAGE_HEADERS } });

/** 303 See Other: after a form POST, the browser GETs `location`. */
export const seeOther = (location: string, body?: unknown): HttpResult => ({ status: 303, body, headers: { Location: location } });
