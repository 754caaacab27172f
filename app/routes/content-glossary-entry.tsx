// /content/glossary/:id: one glossary entry for admins (issue 19): edit (the version check as for
// the FAQ), delete, its history, and any earlier version back in one click. The page is the
// Content area's one item editor (app/content-area/), shared with the FAQ item's page.
import type { Route } from './+types/content-glossary-entry.ts';
import { itemAction, itemLoader } from '../content-area/item-editing.server.ts';
import { ContentItemPage } from '../content-area/item-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { contentHeaders } from '../lib/content-headers.ts';
import { pageMeta } from '../lib/seo.ts';
import { staffLinks } from '../lib/staff-styles.ts';

export const links = staffLinks;

export const headers = contentHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'Content: Glossary term', 'Edit a glossary term.'),
  { name: 'robots', content: 'noindex' },
];

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  itemLoader('glossary', request, context.get(appContext), params.id);

export const action = ({ request, params, context }: Route.ActionArgs) =>
  itemAction('glossary', request, context.get(appContext), params.id);

export { ContentErrorBoundary as ErrorBoundary } from '../content-area/content-session.tsx';
export { shouldRevalidate } from '../content-area/item-page.tsx';

export default function ContentGlossaryEntry({ loaderData, actionData }: Route.ComponentProps) {
  return <ContentItemPage kind="glossary" loaderData={loaderData} actionData={actionData} />;
}
