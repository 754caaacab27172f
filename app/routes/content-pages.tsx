// /content/pages: every page whose copy the Content area edits (issue 31), by group, each with
// its version and who last saved it; each opens its editor. Beside it, the redirects slug changes
// wrote.
import { href, Link } from 'react-router';
import type { Route } from './+types/content-pages.ts';
import { signInState } from '../content-area/content-session.tsx';
import { pagesListLoader, signInOnlyAction } from '../content-area/pages-editing.server.ts';
import { ContentFrame, ContentSignIn } from '../components/sections/content/content-parts.tsx';
import { appContext } from '../lib/app-context.ts';
import { contentHeaders } from '../lib/content-headers.ts';
import { pageMeta } from '../lib/seo.ts';
import { staffLinks } from '../lib/staff-styles.ts';

export const links = staffLinks;

export const headers = contentHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'Content: pages', "Edit every page's copy."),
  { name: 'robots', content: 'noindex' },
];

export const loader = ({ request, context }: Route.LoaderArgs) => pagesListLoader(request, context.get(appContext));

/** Only the sign-in and sign-out forms post here. */
export const action = ({ request, context }: Route.ActionArgs) => signInOnlyAction(request, context.get(appContext));
export { ContentErrorBoundary as ErrorBoundary } from '../content-area/content-session.tsx';

export default function ContentPages({ loaderData, actionData }: Route.ComponentProps) {
  const signIn = signInState(loaderData, actionData);
  if (signIn || !loaderData.signedIn) return <ContentSignIn {...(signIn ?? { csrfToken: '', message: null })} />;
  const { username, csrfToken, pages } = loaderData;
  const groups = [...new Set(pages.map((page) => page.group))];
  return (
    <ContentFrame title="Content: pages" username={username} csrfToken={csrfToken}>
      <p>
        Each page&apos;s words, checked against the same rules as the files the site was built with. A saved change is
        on the site at once. <Link to={href('/content/redirects')}>Redirects</Link> lists the old addresses of renamed
        stories and integrations.
      </p>
      {groups.map((group) => (
        <section key={group} aria-labelledby={`group-${group.replace(/\W+/g, '-')}`}>
          <h2 id={`group-${group.replace(/\W+/g, '-')}`}>{group}</h2>
          <ul className="content-list">
            {pages
              .filter((page) => page.group === group)
              .map((page) => (
                <li key={page.id} className="content-row">
                  <Link to={href('/content/pages/:id', { id: page.id })}>{page.title}</Link>
                  <span className="content-meta">
                    Version {page.version}
                    {page.updatedBy
                      ? ` · ${page.updatedBy}, ${page.updatedAt?.replace('T', ' ').slice(0, 16)} UTC`
                      : ' · as in content/'}
                  </span>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </ContentFrame>
  );
}
