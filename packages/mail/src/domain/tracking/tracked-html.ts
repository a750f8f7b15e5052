/** Where a tracked message's pixel and links lead: `{mail_url}/t/o/<token>`, `{mail_url}/t/c/<token>`. */
export interface TrackingUrls {
  /** The pixel's address; none when opens are not tracked. */
  readonly pixel?: string;
  /** The address a link to `url` is rewritten to; none when clicks are not tracked. */
  readonly link?: (url: string) => string;
}

/** `href="..."` (or `'...'`) of an `<a>` tag: its attributes before it, the quote and the value. */
const ANCHOR_HREF = /(<a\b[^>]*?\shref\s*=\s*)(["'])(.*?)\2/gis;
const AMPERSAND = /&(?:amp|#0*38|#x0*26);/gi;
const escapeAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The html of a tracked message: links to http(s) pages rewritten to go through `link` (mailto:,
 * tel:, anchors and relative links stay as they are: there is nothing to follow, or nowhere
 * certain), and a 1x1 image at `pixel` before `</body>` (at the end without one). A link's address
 * is taken as the browser would follow it: `&amp;` in the attribute is `&`.
 */
export function trackedHtml(html: string, urls: TrackingUrls): string {
  const { link, pixel } = urls;
  let tracked = link
    ? html.replace(ANCHOR_HREF, (whole, before: string, quote: string, value: string) => {
        const url = value.trim().replace(AMPERSAND, '&');
        return /^https?:\/\/[^\s]+$/i.test(url) ? `${before}${quote}${escapeAttribute(link(url))}${quote}` : whole;
      })
    : html;
  if (pixel) {
    const image = `<img src="${escapeAttribute(pixel)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />`;
    const body = tracked.search(/<\/body\s*>(?![\s\S]*<\/body\s*>)/i);
    tracked = body === -1 ? `${tracked}${image}` : `${tracked.slice(0, body)}${image}${tracked.slice(body)}`;
  }
  return tracked;
}
