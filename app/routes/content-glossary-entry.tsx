// /content/glossary/:id: one glossary entry for admins (issue 19): edit (the version check as for
// the FAQ), delete, its history, and any earlier version back in one click.
import { data, Form, href, redirect } from 'react-router';
import type { Route } from './+types/content-glossary-entry.ts';
import { glossaryUpdateSchema, restoreSchema } from '../../common/content.ts';
import { GLOSSARY_FIELDS } from '../components/sections/content/content-fields.ts';
import { ContentFrame, ContentSignIn, Csrf, HistoryList, ItemEditor, Notice } from '../components/sections/content/content-parts.tsx';
import { Button } from '../components/ui/button.tsx';
import { RichText } from '../components/ui/rich-text.tsx';
import { appContext } from '../lib/app-context.ts';
import { type ActionFailure, errorsOf, failure, idFrom, readContentPost, refused, signedOut, staffFor, versionFrom } from '../lib/content-area.server.ts';
import { contentHeaders } from '../lib/content-headers.ts';
import { pageMeta } from '../lib/seo.ts';

export const headers = contentHeaders;

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, 'Content: Glossary term', 'Edit a glossary term.'), { name: 'robots', content: 'noindex' }];

const DONE: Record<string, string> = { saved: 'Saved. The site shows it now.', restored: 'Earlier version restored. The site shows it now.' };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const staff = await staffFor(request, app);
  if (!staff) return signedOut(app);
  const id = idFrom(params.id);
  const item = id ? await app.services.contentEditing.entry(id) : null;
  if (!item) throw data('Not found', { status: 404 });
  const history = await app.services.contentEditing.history('glossary', item.id);
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
  const here = href('/content/glossary/:id', { id: String(id) });
  const current = async () => {
    const item = await edit.entry(id);
    return item ? { category: item.category, term: item.term, description: item.description, version: String(item.version) } : null;
  };
  try {
    if (intent === 'save') {
      const parsed = glossaryUpdateSchema.safeParse({ category: values.category, term: values.term, description: values.description, version: Number(values.version) });
      if (!parsed.success) return failure(400, 'Please correct the fields below.', values, errorsOf(parsed.error.issues));
      const { version, ...fields } = parsed.data;
      await edit.updateEntry(id, version, fields, staff.username);
      return redirect(`${here}?done=saved`, { status: 303, headers: staff.headers });
    }
    if (intent === 'restore') {
      const parsed = restoreSchema.safeParse({ historyId: Number(values.historyId), version: Number(values.version) });
      if (!parsed.success) return failure(400, 'Choose a version to restore.', values);
      await edit.restoreEntry(id, parsed.data.version, parsed.data.historyId, staff.username);
      return redirect(`${here}?done=restored`, { status: 303, headers: staff.headers });
    }
    if (intent === 'delete') {
      const opened = versionFrom(values);
      if ('refusal' in opened) return opened.refusal;
      await edit.deleteEntry(id, opened.version, staff.username);
      return redirect(`${href('/content/glossary')}?done=deleted`, { status: 303, headers: staff.headers });
    }
    return failure(400, 'Unknown action.', values);
  } catch (error) {
    return refused(error, values, await current());
  }
}

export default function ContentGlossaryEntry({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return <ContentSignIn csrfToken={loaderData.csrfToken} message={loaderData.message} />;
  const { username, csrfToken, item, history, done } = loaderData;
  const answer = actionData as ActionFailure | undefined;
  const failed = answer && 'errors' in answer ? answer : null;
  const values = failed?.values ?? { category: item.category, term: item.term, description: item.description };
  return (
    <ContentFrame title="Content: Glossary term" username={username} csrfToken={csrfToken}>
      {failed ? <Notice tone="refused">{failed.message}</Notice> : done ? <Notice tone="done">{done}</Notice> : null}
      <p className="content-meta">
        Version {item.version}
        {item.updatedBy ? ` · last changed by ${item.updatedBy} at ${item.updatedAt?.replace('T', ' ').slice(0, 19)} UTC` : ' · as seeded'}
      </p>
      <ItemEditor
        csrfToken={csrfToken}
        fields={GLOSSARY_FIELDS}
        values={values}
        errors={failed?.errors ?? {}}
        version={item.version}
        submitLabel="Save"
        intent="save"
        current={failed?.current}
      />
      <details>
        <summary>Delete this term…</summary>
        <Form method="post">
          <Csrf token={csrfToken} />
          <input type="hidden" name="version" value={item.version} />
          <Button type="submit" name="intent" value="delete" variant="secondary">
            Delete “{item.term}” for good
          </Button>
        </Form>
      </details>
      <div className="content-panels">
        <section aria-labelledby="preview-title">
          <h2 id="preview-title">On the site</h2>
          <h3>{item.term}</h3>
          <RichText text={item.description} />
        </section>
        <HistoryList entries={history} fields={GLOSSARY_FIELDS} csrfToken={csrfToken} version={item.version} />
      </div>
    </ContentFrame>
  );
}
