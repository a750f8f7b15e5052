import { escapeHtml as e } from '../../http/html.ts';
import type { optOutView } from '../../apis/sms/opt-outs.routes.ts';
import { buttonForm, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type OptOutRow = ReturnType<typeof optOutView>;

export function optOutsView(view: ViewContext, optOuts: readonly OptOutRow[], options: { canWrite: boolean; phone?: string; errors?: FormErrors }): string {
  const errors = options.errors ?? NO_ERRORS;
  const list = table(
    'Numbers that receive no live messages',
    [
      { header: 'Number', cell: (optOut) => e(optOut.phone) },
      { header: 'Source', cell: (optOut) => (optOut.keyword ? `${e(optOut.source)} (${e(optOut.keyword)})` : e(optOut.source)) },
      { header: 'Since', cell: (optOut) => time(optOut.created_at) },
      ...(options.canWrite
        ? [{ header: 'Action', cell: (optOut: OptOutRow) => buttonForm(view, href(view, `/sms/opt-outs/${encodeURIComponent(optOut.phone)}/remove`), 'Remove', { accessibleName: `Remove ${optOut.phone} from the opt-out list` }) }]
        : []),
    ],
    optOuts,
    'Nobody has opted out.',
  );
  const add = options.canWrite
    ? `<section class="card" aria-labelledby="add-opt-out"><h2 id="add-opt-out">Add a number</h2>
${form(view, href(view, '/sms/opt-outs'), field({ name: 'phone', label: 'Phone number', type: 'tel', value: options.phone, required: true, hint: 'International format, e.g. +254712345678. Live sends to it are refused.' }, errors), 'Add to the opt-out list', errors)}
</section>`
    : '';
  return consolePage(view, 'Opt-outs', 'sms-opt-outs', `<section class="card">${list}</section>\n${add}`);
}
