// /inbox: the staff inbox (issue 7), every demo request, contact message, feedback and
// newsletter sign-up, with filters in the URL. A page for signed-in staff, built in the browser
// from /api/inbox: not in the sitemap or the search index, and never indexed.
import type { Route } from './+types/inbox.ts';
import { InboxList } from '../inbox/inbox-list.tsx';
import { InboxListHeader } from '../inbox/inbox-list-header.tsx';
import { InboxShell } from '../inbox/inbox-shell.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { pageMeta } from '../lib/seo.ts';
import { staffLinks } from '../lib/staff-styles.ts';

export const links = staffLinks;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(
    args,
    'Inbox',
    'The Haulora staff inbox: demo requests, contact messages, feedback and newsletter sign-ups.',
  ),
  { name: 'robots', content: 'noindex' },
];

export default function Inbox() {
  return (
    <>
      <PageHero eyebrow="Staff" title="Inbox">
        <p>Every demo request, contact message, feedback and newsletter sign-up the website receives.</p>
      </PageHero>
      <section className="section inbox-section" aria-label="Submissions">
        <div className="container">
          {/* Tabs and filters come in the server's HTML: typing starts before the list arrives. */}
          <InboxListHeader />
          <InboxShell>
            <InboxList />
          </InboxShell>
        </div>
      </section>
    </>
  );
}
