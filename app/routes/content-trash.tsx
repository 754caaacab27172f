// /content/trash: what staff moved to the trash (issue 31, decision 052), FAQ items and glossary
// entries, most recent first, each with who moved it, when, when it is purged for good, and a
// button that takes it back out as it was. Works without JavaScript, like the whole Content area.
import { data, Form, href } from 'react-router';
import type { Route } from './+types/content-trash.ts';
import { CONTENT_KINDS, type ContentKind } from '../../common/content.ts';
import { ContentFrame, ContentSignIn, Csrf, Notice } from '../components/sections/content/content-parts.tsx';
import { Button } from '../components/ui/button.tsx';
import { signInState } from '../content-area/content-session.tsx';
import { LocalTime } from '../content-area/item-state.tsx';
import { appContext } from '../lib/app-context.ts';
import { idFrom, readContentPost, signedOut, staffFor, versionFrom } from '../lib/content-area.server.ts';
import type { FormFailure } from '../lib/form-fields.ts';
import { answerResult, refuse } from '../lib/forms.server.ts';
import { contentHeaders } from '../lib/content-headers.ts';
import { pageMeta } from '../lib/seo.ts';
import { staffLinks } from '../lib/staff-styles.ts';

export const links = staffLinks;

export const headers = contentHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'Content: Trash', 'Items moved to the trash.'),
  { name: 'robots', content: 'noindex' },
];

const KIND_NAME: Record<ContentKind, string> = { faq: 'FAQ question', glossary: 'Glossary term' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const staff = await staffFor(request, app);
  if (!staff) return signedOut(app);
  const restored = new URL(request.url).searchParams.get('done') === 'restored';
  const items = await app.services.contentEditing.listTrash();
  return data(
    { signedIn: true as const, username: staff.username, csrfToken: app.csrf.token, items, restored },
    { headers: staff.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const read = await readContentPost(request, app);
  if (!read.ok) return read.response;
  const { staff, post } = read;
  const { values, intent } = post;
  if (intent !== 'untrash') return refuse(400, 'Unknown action.', values);
  const kind = CONTENT_KINDS.find((known) => known === values.kind);
  const id = idFrom(values.id);
  if (!kind || !id) return refuse(400, 'Choose an item to restore.', values);
  const opened = versionFrom(values);
  if ('refusal' in opened) return opened.refusal;
  const result = await app.services.contentEditing.untrash(kind, id, opened.version, staff.username);
  return answerResult(result, () => `${href('/content/trash')}?done=restored`, values, { headers: staff.headers });
}

export { ContentErrorBoundary as ErrorBoundary } from '../content-area/content-session.tsx';

export default function ContentTrash({ loaderData, actionData }: Route.ComponentProps) {
  const signIn = signInState(loaderData, actionData);
  if (signIn || !loaderData.signedIn) return <ContentSignIn {...(signIn ?? { csrfToken: '', message: null })} />;
  const { username, csrfToken, items, restored } = loaderData;
  const answer = actionData as FormFailure | undefined;
  const failed = answer && 'errors' in answer ? answer : null;
  return (
    <ContentFrame title="Content: Trash" username={username} csrfToken={csrfToken}>
      {failed ? (
        <Notice tone="refused">{failed.message}</Notice>
      ) : restored ? (
        <Notice tone="done">Restored: it is back where it was, on the site again if it was published.</Notice>
      ) : null}
      <h2>Trash</h2>
      <p>Deleted questions and terms stay here for 30 days, off the site, then are purged for good.</p>
      {items.length === 0 ? <p>The trash is empty.</p> : null}
      <ul className="content-list">
        {items.map((item) => (
          <li key={`${item.kind}-${item.id}`} className="content-row">
            <span>
              <strong>{item.title}</strong> ({KIND_NAME[item.kind]}) · moved by {item.deletedBy ?? 'someone'} at{' '}
              <LocalTime iso={item.deletedAt} /> · purged after <LocalTime iso={item.purgeAfter} />
            </span>
            <Form method="post">
              <Csrf token={csrfToken} />
              <input type="hidden" name="kind" value={item.kind} />
              <input type="hidden" name="id" value={item.id} />
              <input type="hidden" name="version" value={item.version} />
              <Button
                type="submit"
                name="intent"
                value="untrash"
                variant="secondary"
                size="sm"
                aria-label={`Restore “${item.title}”`}
              >
                Restore
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </ContentFrame>
  );
}
