// /content/faq/:id: one FAQ item for admins (issue 19): edit it (refused with who and when if
// someone saved it since it was opened, their text shown beside yours), see how it will look,
// its history, and put any earlier version back in one click. The page is the Content area's one
// item editor (app/content-area/), shared with the glossary entry's page.
import type { Route } from './+types/content-faq.ts';
import { itemAction, itemLoader } from '../content-area/item-editing.server.ts';
import { ContentItemPage } from '../content-area/item-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { contentHeaders } from '../lib/content-headers.ts';
import { pageMeta } from '../lib/seo.ts';
import { staffLinks } from '../lib/staff-styles.ts';

export const links = staffLinks;

export const headers = contentHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'Content: FAQ item', 'Edit an FAQ item.'),
  { name: 'robots', content: 'noindex' },
];

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  itemLoader('faq', request, context.get(appContext), params.id);

export const action = ({ request, params, context }: Route.ActionArgs) =>
  itemAction('faq', request, context.get(appContext), params.id);

export { ContentErrorBoundary as ErrorBoundary } from '../content-area/content-session.tsx';
export { shouldRevalidate } from '../content-area/item-page.tsx';

export default function ContentFaqItem({ loaderData, actionData }: Route.ComponentProps) {
  return <ContentItemPage kind="faq" loaderData={loaderData} actionData={actionData} />;
}
