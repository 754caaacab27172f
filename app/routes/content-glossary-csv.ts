// /content/glossary.csv: the glossary as CSV for admins (the Content area's export link; the
// API's /api/content/glossary/export.csv answers the same file to a bearer token).
import { data } from 'react-router';
import type { Route } from './+types/content-glossary-csv.ts';
import { appContext } from '../lib/app-context.ts';
import { staffFor } from '../lib/content-area.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const staff = await staffFor(request, app);
  if (!staff) throw data('Please sign in to the Content area first.', { status: 401 });
  return new Response(await app.services.contentEditing.exportGlossary(), {
    headers: {
      ...staff.headers,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="glossary.csv"',
    },
  });
}
