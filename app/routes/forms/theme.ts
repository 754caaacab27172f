// POST /forms/theme: where the navbar's theme menu posts without JavaScript (with it, the menu writes
// the same cookie itself and switches at once). Keeps the choice in the theme cookie and sends
// the visitor back to the page they were on (303), now rendered in that theme.
import { href, redirect } from 'react-router';
import type { Route } from './+types/theme.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { appContext } from '../../lib/app-context.ts';
import { BACK_FIELD, CSRF_FIELD } from '../../lib/form-fields.ts';
import { safeBackPath } from '../../lib/form-results.ts';
import { isTheme, THEME_FIELD, themeCookie } from '../../lib/theme.ts';

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await request.formData().catch(() => undefined);
  if (!form) throw new Response(MESSAGES.badRequest, { status: 400 });
  if (!app.csrf.verify(form.get(CSRF_FIELD))) throw new Response(MESSAGES.csrf, { status: 403 });
  const theme = form.get(THEME_FIELD);
  if (!isTheme(theme)) throw new Response(MESSAGES.badRequest, { status: 400 });
  return redirect(safeBackPath(form.get(BACK_FIELD), href('/home')), {
    status: 303,
    headers: { 'set-cookie': themeCookie(theme, app.secureCookies), 'cache-control': 'no-store' },
  });
}

/** Nothing to show: a visitor who opens the address lands on the home page. */
export function loader() {
  return redirect(href('/home'), 303);
}
