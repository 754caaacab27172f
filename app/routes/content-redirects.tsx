// /content/redirects: the permanent redirects written when a story's or an integration's slug
// changed (issue 31), each removable: its old address then answers 404 again.
import { Form, href, Link } from 'react-router';
import type { Route } from './+types/content-redirects.ts';
import { signInState } from '../content-area/content-session.tsx';
import { redirectsAction, redirectsLoader } from '../content-area/pages-editing.server.ts';
import { ContentFrame, ContentSignIn, Csrf, Notice } from '../components/sections/content/content-parts.tsx';
import { Button } from '../components/ui/button.tsx';
import { appContext } from '../lib/app-context.ts';
import { contentHeaders } from '../lib/content-headers.ts';
import type { FormFailure } from '../lib/form-fields.ts';
import { pageMeta } from '../lib/seo.ts';
import { staffLinks } from '../lib/staff-styles.ts';

export const links = staffLinks;

export const headers = contentHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'Content: redirects', 'The old addresses of renamed pages.'),
  { name: 'robots', content: 'noindex' },
];

export const loader = ({ request, context }: Route.LoaderArgs) => redirectsLoader(request, context.get(appContext));
export const action = ({ request, context }: Route.ActionArgs) => redirectsAction(request, context.get(appContext));

export { ContentErrorBoundary as ErrorBoundary } from '../content-area/content-session.tsx';

export default function ContentRedirects({ loaderData, actionData }: Route.ComponentProps) {
  const signIn = signInState(loaderData, actionData);
  if (signIn || !loaderData.signedIn) return <ContentSignIn {...(signIn ?? { csrfToken: '', message: null })} />;
  const { username, csrfToken, redirects, done } = loaderData;
  const failed = actionData && 'errors' in (actionData as object) ? (actionData as FormFailure) : null;
  return (
    <ContentFrame title="Content: redirects" username={username} csrfToken={csrfToken}>
      {failed ? <Notice tone="refused">{failed.message}</Notice> : done ? <Notice tone="done">{done}</Notice> : null}
      <p>
        When a story&apos;s or an integration&apos;s address changes in <Link to={href('/content/pages')}>Pages</Link>,
        its old address sends visitors and search engines on to the new one (a permanent redirect).
      </p>
      {redirects.length === 0 ? (
        <p>No redirects yet.</p>
      ) : (
        <div className="page-table-scroll">
          <table className="content-table">
            <caption className="visually-hidden">Redirects</caption>
            <thead>
              <tr>
                <th scope="col">Old address</th>
                <th scope="col">Goes to</th>
                <th scope="col">Written</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {redirects.map((entry) => (
                <tr key={entry.from}>
                  <td>{entry.from}</td>
                  <td>
                    <a href={entry.to}>{entry.to}</a>
                  </td>
                  <td>
                    {entry.createdBy},{' '}
                    <time dateTime={entry.createdAt}>{entry.createdAt.replace('T', ' ').slice(0, 16)} UTC</time>
                  </td>
                  <td>
                    <Form method="post">
                      <Csrf token={csrfToken} />
                      <input type="hidden" name="from" value={entry.from} />
                      <Button type="submit" name="intent" value="remove" variant="secondary" size="sm">
                        Remove<span className="visually-hidden">{` the redirect from ${entry.from}`}</span>
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ContentFrame>
  );
}
