// /content/faq/:id: one FAQ item for admins (issue 19): edit it (refused with who and when if
// someone saved it since it was opened, their text shown beside yours), see how it will look,
// its history, and put any earlier version back in one click.
import { data, Form, href, redirect } from 'react-router';
import type { Route } from './+types/content-faq.ts';
import { faqUpdateSchema, restoreSchema } from '../../common/content.ts';
import { FAQ_FIELDS } from '../components/sections/content/content-fields.ts';
import { ContentFrame, ContentSignIn, Csrf, HistoryList, ItemEditor, Notice } from '../components/sections/content/content-parts.tsx';
import { Button } from '../components/ui/button.tsx';
import { RichText } from '../components/ui/rich-text.tsx';
import { appContext } from '../lib/app-context.ts';
import { type ActionFailure, errorsOf, failure, idFrom, readContentPost, refused, signedOut, staffFor, versionFrom } from '../lib/content-area.server.ts';
import { contentHeaders } from '../lib/content-headers.ts';
import { pageMeta } from '../lib/seo.ts';

export const headers = contentHeaders;

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, 'Content: FAQ item', 'Edit an FAQ item.'), { name: 'robots', content: 'noindex' }];

const DONE: Record<string, string> = { saved: 'Saved. The site shows it now.', restored: 'Earlier version restored. The site shows it now.' };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const staff = await staffFor(request, app);
  if (!staff) return signedOut(app);
  const id = idFrom(params.id);
  const item = id ? await app.services.contentEditing.faq(id) : null;
  if (!item) throw data('Not found', { status: 404 });
  const history = await app.services.contentEditing.history('faq', item.id);
  const done = DONE[new URL(request.url).searchParams.get('done') ?? ''] ?? null;
  return data({ signedIn: true as const, username: staff.username, csrfToken: app.csrf.token, item, history, done }, { headers: staff.headers });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const read = await readContentPost(request, app);
  if (!read.ok) return read.response;
  const { staff, post } = read;
  const { values, intent } = post;
  const id = idFrom(params.id);
  if (!id) throw data('Not found', { status: 404 });
  const edit = app.services.contentEditing;
  const here = href('/content/faq/:id', { id: String(id) });
  const current = async () => {
    const item = await edit.faq(id);
    return item ? { question: item.question, answer: item.answer, version: String(item.version) } : null;
  };
  try {
    if (intent === 'save') {
      const parsed = faqUpdateSchema.safeParse({ question: values.question, answer: values.answer, hidden: values.hidden === 'on', version: Number(values.version) });
      if (!parsed.success) return failure(400, 'Please correct the fields below.', values, errorsOf(parsed.error.issues));
      const { version, ...fields } = parsed.data;
      await edit.updateFaq(id, version, fields, staff.username);
      return redirect(`${here}?done=saved`, { status: 303, headers: staff.headers });
    }
    if (intent === 'restore') {
      const parsed = restoreSchema.safeParse({ historyId: Number(values.historyId), version: Number(values.version) });
      if (!parsed.success) return failure(400, 'Choose a version to restore.', values);
      await edit.restoreFaq(id, parsed.data.version, parsed.data.historyId, staff.username);
      return redirect(`${here}?done=restored`, { status: 303, headers: staff.headers });
    }
    if (intent === 'delete') {
      const opened = versionFrom(values);
      if ('refusal' in opened) return opened.refusal;
      await edit.deleteFaq(id, opened.version, staff.username);
      return redirect(`${href('/content/faq')}?done=deleted`, { status: 303, headers: staff.headers });
    }
    return failure(400, 'Unknown action.', values);
  } catch (error) {
    return refused(error, values, await current());
  }
}

export default function ContentFaqItem({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return <ContentSignIn csrfToken={loaderData.csrfToken} message={loaderData.message} />;
  const { username, csrfToken, item, history, done } = loaderData;
  const answer = actionData as ActionFailure | undefined;
  const failed = answer && 'errors' in answer ? answer : null;
  const values = failed?.values ?? { question: item.question, answer: item.answer, hidden: item.hidden ? 'on' : '' };
  return (
    <ContentFrame title="Content: FAQ item" username={username} csrfToken={csrfToken}>
      {failed ? <Notice tone="refused">{failed.message}</Notice> : done ? <Notice tone="done">{done}</Notice> : null}
      <p className="content-meta">
        Version {item.version}
        {item.updatedBy ? ` · last changed by ${item.updatedBy} at ${item.updatedAt?.replace('T', ' ').slice(0, 19)} UTC` : ' · as seeded'}
        {item.hidden ? ' · hidden from the site' : ''}
      </p>
      <ItemEditor
        csrfToken={csrfToken}
        fields={FAQ_FIELDS}
        values={values}
        errors={failed?.errors ?? {}}
        version={item.version}
        hiddenSwitch
        submitLabel="Save"
        intent="save"
        current={failed?.current}
      />
      <details>
        <summary>Delete this question…</summary>
        <Form method="post">
          <Csrf token={csrfToken} />
          <input type="hidden" name="version" value={item.version} />
          <Button type="submit" name="intent" value="delete" variant="secondary">
            Delete this question for good
          </Button>
        </Form>
      </details>
      <div className="content-panels">
        <section aria-labelledby="preview-title">
          <h2 id="preview-title">On the site</h2>
          <h3>{item.question}</h3>
          <RichText text={item.answer} />
        </section>
        <HistoryList entries={history} fields={FAQ_FIELDS} csrfToken={csrfToken} version={item.version} />
      </div>
    </ContentFrame>
  );
}
