// /inbox/:kind/:id: one submission in the staff inbox (issue 7): every field, the contact image,
// the status and the internal notes. Built in the browser from /api/inbox; never indexed.
import { data } from 'react-router';
import type { Route } from './+types/inbox-item.ts';
import { InboxDetail } from '../inbox/inbox-detail.tsx';
import { InboxShell } from '../inbox/inbox-shell.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { isInboxKind, KIND_SINGULAR } from '../inbox/inbox-client.ts';
import { pageMeta } from '../lib/seo.ts';
import { staffLinks } from '../lib/staff-styles.ts';

export const links = staffLinks;

export function loader({ params }: Route.LoaderArgs) {
  // Only the URL is checked here: the submission itself is the API's, behind the staff sign-in.
  const id = Number(params.id);
  if (!isInboxKind(params.kind) || !Number.isSafeInteger(id) || id < 1 || String(id) !== params.id)
    throw data(null, { status: 404 });
  return { kind: params.kind, id };
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(
    args,
    args.loaderData ? `${KIND_SINGULAR[args.loaderData.kind]} #${args.loaderData.id}` : 'Inbox',
    'A submission in the Haulora staff inbox.',
  ),
  { name: 'robots', content: 'noindex' },
];

export default function InboxItem({ loaderData }: Route.ComponentProps) {
  const { kind, id } = loaderData;
  return (
    <>
      <PageHero eyebrow="Inbox" title={`${KIND_SINGULAR[kind]} #${id}`} />
      <section className="section inbox-section" aria-label="Submission">
        <div className="container">
          <InboxShell>
            <InboxDetail key={`${kind}/${id}`} kind={kind} id={id} />
          </InboxShell>
        </div>
      </section>
    </>
  );
}
