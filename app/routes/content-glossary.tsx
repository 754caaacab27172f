// /content/glossary: the glossary for admins (issue 19): search and a category filter (in the
// URL), add an entry, rename a category, export as CSV, and import CSV with a preview that says
// row by row what would be added, changed or refused before anything is saved.
import { data, Form, href, Link } from 'react-router';
import type { Route } from './+types/content-glossary.ts';
import {
  CONTENT_LIMITS,
  glossaryCreateSchema,
  IMPORT_MAX_CHARS,
  type ImportResult,
  renameCategorySchema,
} from '../../common/content.ts';
import { GLOSSARY_FIELDS } from '../components/sections/content/content-fields.ts';
import {
  ContentFrame,
  ContentSignIn,
  Csrf,
  ItemEditor,
  Notice,
} from '../components/sections/content/content-parts.tsx';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { InputField, TextareaField } from '../components/ui/field.tsx';
import { restoredFrom, signInState } from '../content-area/content-session.tsx';
import { appContext } from '../lib/app-context.ts';
import { readContentPost, signedOut, staffFor } from '../lib/content-area.server.ts';
import type { FormFailure } from '../lib/form-fields.ts';
import { answerResult, parseForm, refuse as failure } from '../lib/forms.server.ts';
import type { Result } from '../../server/refusal.ts';
import { contentHeaders } from '../lib/content-headers.ts';
import { pageMeta } from '../lib/seo.ts';
import { StateTags } from '../content-area/item-state.tsx';
import { staffLinks } from '../lib/staff-styles.ts';

export const links = staffLinks;

export const headers = contentHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'Content: Glossary', 'Edit the Haulora glossary.'),
  { name: 'robots', content: 'noindex' },
];

const DONE: Record<string, string> = {
  added: 'Term added.',
  drafted: 'Term added as a draft: not on the site until you publish it.',
  renamed: 'Category renamed.',
  imported: 'Import saved.',
  deleted: 'Term moved to the trash: restore it from the Trash tab within 30 days.',
};
const OUTCOME_LABEL = { add: 'Add', change: 'Change', unchanged: 'Unchanged', refuse: 'Refused' } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const staff = await staffFor(request, app);
  if (!staff) return signedOut(app);
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const category = params.get('category') ?? '';
  const all = await app.services.contentEditing.listGlossary();
  const categories = [...new Set(all.map((entry) => entry.category))].sort((a, b) => a.localeCompare(b));
  const needle = q.toLowerCase();
  const entries = all.filter(
    (entry) =>
      (!category || entry.category === category) &&
      (!needle || entry.term.toLowerCase().includes(needle) || entry.description.toLowerCase().includes(needle)),
  );
  const done = DONE[params.get('done') ?? ''] ?? null;
  return data(
    {
      signedIn: true as const,
      username: staff.username,
      csrfToken: app.csrf.token,
      entries,
      total: all.length,
      categories,
      q,
      category,
      done,
    },
    { headers: staff.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const read = await readContentPost(request, app);
  if (!read.ok) return read.response;
  const { staff, post } = read;
  const { values, intent } = post;
  const edit = app.services.contentEditing;
  const back = (result: Result<unknown>, done: string) =>
    answerResult(result, () => `${href('/content/glossary')}?done=${done}`, values, { headers: staff.headers });
  if (intent === 'add' || intent === 'add-draft') {
    const parsed = parseForm(
      glossaryCreateSchema,
      { category: values.category, term: values.term, description: values.description },
      'Please correct the fields below.',
      values,
    );
    if (!parsed.ok) return parsed.refusal;
    // "Add as a draft" stores it off the site until published (decision 052).
    const { status: _status, publish_at: _publishAt, ...fields } = parsed.value;
    const status = intent === 'add-draft' ? ('draft' as const) : ('published' as const);
    return back(await edit.addEntry(fields, staff.username, { status }), status === 'draft' ? 'drafted' : 'added');
  }
  if (intent === 'rename') {
    const parsed = renameCategorySchema.safeParse({ from: values.from, to: values.to });
    if (!parsed.success)
      return failure(400, parsed.error.issues[0]?.message ?? 'Choose a category and its new name.', values);
    return back(await edit.renameCategory(parsed.data.from, parsed.data.to, staff.username), 'renamed');
  }
  if (intent === 'preview' || intent === 'import') {
    const csv = values.csv ?? '';
    if (!csv.trim()) return failure(400, 'Paste the CSV to import.', values);
    if (csv.length > IMPORT_MAX_CHARS)
      return failure(400, `The CSV must be at most ${IMPORT_MAX_CHARS} characters.`, {});
    const result = await edit.importGlossary(csv, intent === 'preview', staff.username);
    if (!result.ok || result.value.saved) return back(result, 'imported');
    return data({ preview: result.value, csv }, { headers: staff.headers, status: intent === 'import' ? 400 : 200 });
  }
  return failure(400, 'Unknown action.', values);
}

export { ContentErrorBoundary as ErrorBoundary } from '../content-area/content-session.tsx';

export default function ContentGlossary({ loaderData, actionData }: Route.ComponentProps) {
  const signIn = signInState(loaderData, actionData);
  if (signIn || !loaderData.signedIn) return <ContentSignIn {...(signIn ?? { csrfToken: '', message: null })} />;
  const { username, csrfToken, entries, total, categories, q, category } = loaderData;
  const restored = restoredFrom(actionData);
  const done = restored?.message ?? loaderData.done;
  const answer = actionData as FormFailure | { preview: ImportResult; csv: string } | undefined;
  const failed = answer && 'errors' in answer ? answer : null;
  const preview = answer && 'preview' in answer ? answer : null;
  return (
    <ContentFrame title="Content: Glossary" username={username} csrfToken={csrfToken}>
      {failed ? <Notice tone="refused">{failed.message}</Notice> : done ? <Notice tone="done">{done}</Notice> : null}
      {preview ? <ImportPreview result={preview.preview} csv={preview.csv} csrfToken={csrfToken} /> : null}
      <Form method="get" className="content-filters" role="search">
        <InputField name="q" label="Search terms and descriptions" type="search" defaultValue={q} maxLength={100} />
        <div className="field">
          <label htmlFor="category-filter" className="field-label">
            Category
          </label>
          <select id="category-filter" name="category" className="field-control" defaultValue={category}>
            <option value="">All categories</option>
            {categories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      <p role="status">{`${entries.length} of ${total} terms`}</p>
      <table className="content-table">
        <caption className="visually-hidden">Glossary terms</caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Term</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{entry.category}</td>
              <th scope="row">
                <Link to={href('/content/glossary/:id', { id: String(entry.id) })}>{entry.term}</Link>
                <StateTags item={entry} />
              </th>
              <td>{entry.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="content-panels">
        <section aria-labelledby="add-title">
          <h2 id="add-title">Add a term</h2>
          {/* Drawn afresh after an add (the count grows): its typed text is saved, so it goes, and
              the unsaved-changes guard no longer holds the next link. */}
          <ItemEditor
            key={`add-after-${total}`}
            csrfToken={csrfToken}
            fields={GLOSSARY_FIELDS}
            values={
              failed && isAdd(failed.values.intent)
                ? failed.values
                : isAdd(restored?.values.intent)
                  ? restored!.values
                  : {}
            }
            errors={failed && isAdd(failed.values.intent) ? failed.errors : {}}
            submitLabel="Add term"
            intent="add"
            also={[{ intent: 'add-draft', label: 'Add as a draft' }]}
          />
        </section>
        <section aria-labelledby="rename-title">
          <h2 id="rename-title">Rename a category</h2>
          <Form method="post" className="content-form">
            <Csrf token={csrfToken} />
            <div className="field">
              <label htmlFor="rename-from" className="field-label">
                Category
              </label>
              <select id="rename-from" name="from" className="field-control" required>
                {categories.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <InputField name="to" label="New name" required maxLength={CONTENT_LIMITS.category} />
            <Button type="submit" name="intent" value="rename" variant="secondary">
              Rename category
            </Button>
          </Form>
        </section>
        <section aria-labelledby="csv-title">
          <h2 id="csv-title">CSV</h2>
          <p>
            Columns: Category, Term, Description (the export's first line). A row whose category and term exist changes
            that term; any other row adds one.
          </p>
          <ButtonLink to={href('/content/glossary.csv')} variant="secondary" reloadDocument>
            Export the glossary as CSV
          </ButtonLink>
          <Form method="post" className="content-form">
            <Csrf token={csrfToken} />
            <TextareaField
              name="csv"
              label="CSV to import"
              hint="Paste the CSV here. The preview shows what would change; nothing is saved until you confirm."
              rows={8}
              required
            />
            <Button type="submit" name="intent" value="preview" variant="secondary">
              Preview import
            </Button>
          </Form>
        </section>
      </div>
    </ContentFrame>
  );
}

function ImportPreview({ result, csv, csrfToken }: { result: ImportResult; csv: string; csrfToken: string }) {
  const refusedRows = result.rows.filter((row) => row.outcome === 'refuse').length;
  const count = (outcome: keyof typeof OUTCOME_LABEL) => result.rows.filter((row) => row.outcome === outcome).length;
  return (
    <section aria-labelledby="preview-title" className="content-panels">
      <h2 id="preview-title">Import preview</h2>
      <p role="status">
        {`${count('add')} to add, ${count('change')} to change, ${count('unchanged')} unchanged, ${refusedRows} refused. ${
          refusedRows
            ? 'Nothing can be imported until the refused rows are fixed.'
            : 'Nothing is saved until you confirm.'
        }`}
      </p>
      <table className="content-table">
        <caption className="visually-hidden">What the import would do, row by row</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Outcome</th>
            <th scope="col">Category</th>
            <th scope="col">Term</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {result.rows.map((row) => (
            <tr key={row.line}>
              <td>{row.line}</td>
              <td>
                {OUTCOME_LABEL[row.outcome]}
                {row.message ? `: ${row.message}` : ''}
              </td>
              <td>{row.category}</td>
              <th scope="row">{row.term}</th>
              <td>{row.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {refusedRows === 0 ? (
        <Form method="post">
          <Csrf token={csrfToken} />
          <input type="hidden" name="csv" value={csv} />
          <Button type="submit" name="intent" value="import">
            Confirm import
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

const isAdd = (intent: string | undefined) => intent === 'add' || intent === 'add-draft';
