// /glossary: transport terms and their definitions in a sortable, searchable, paged table.
// The server renders every row from the database; in the browser the rows come from
// GET /api/Glossary/GetAllFromGlossary, right after hydration (use-api-copy.ts) and on
// client-side navigation (the clientLoader) (spec 7).
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/glossary.ts';
import type { GlossaryEntry } from '../../common/api.ts';
import { GlossaryTable } from '../components/sections/glossary-table.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext } from '../lib/app-context.ts';
import { pageMeta } from '../lib/seo.ts';
import { apiGet } from '../lib/api-client.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import { useApiCopy } from '../lib/use-api-copy.ts';

/** Served from the page cache: the HTML depends only on the URL and the content. */
export const handle: RouteHandle = { cache: 'shared' };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    'Glossary',
    'Transport and logistics terms and their definitions, as used in Haulora: compliance, fleet, jobs, accounts and more.',
  );

export async function loader({ context }: Route.LoaderArgs) {
  return { rows: await context.get(appContext).content.listGlossary() };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return { rows: await fetchGlossary() };
  } catch {
    // The page still works from the server's copy of the rows.
    return serverLoader();
  }
}

/** Paging, sorting and searching change only the view of the rows already here (the table reads
 * them from the URL), so Back and Forward between pages of results fetch nothing. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

/** The API answers ['SUCCESS', rows]; anything else is treated as a failure. */
async function fetchGlossary(): Promise<GlossaryEntry[]> {
  // The answer is ['SUCCESS', rows], which the client reads as data (its second item is no message).
  const result = await apiGet<unknown>('/api/Glossary/GetAllFromGlossary');
  const answer = result.kind === 'data' ? result.data : null;
  if (!Array.isArray(answer) || answer[0] !== 'SUCCESS' || !Array.isArray(answer[1]))
    throw new Error(`unexpected glossary answer (${result.kind})`);
  return answer[1] as GlossaryEntry[];
}

export default function Glossary({ loaderData }: Route.ComponentProps) {
  // The API's rows after hydration are nearly always the server's: the table then does not re-render.
  return <GlossaryPage rows={useApiCopy(loaderData.rows, fetchGlossary)} />;
}

/** The page itself, from its rows: also what a draft's preview link renders (routes/preview.tsx). */
export function GlossaryPage({ rows }: { rows: GlossaryEntry[] }) {
  return (
    <>
      <PageHero eyebrow="Resources" title="Glossary">
        <p>Terms and Definition</p>
      </PageHero>
      <section className="section" aria-label="Glossary terms">
        <div className="container">
          <GlossaryTable rows={rows} />
        </div>
      </section>
    </>
  );
}
