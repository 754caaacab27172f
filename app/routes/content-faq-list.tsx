// /content/faq: the FAQ in display order for admins (issue 19): add, hide or show, move up or down
// (keyboard and no-JS), drag to reorder (with JavaScript), delete; each item's page edits it and
// shows its history. Not public: never cached, not in the sitemap or the search index.
import { useState } from 'react';
import { data, Form, href, Link, useSubmit } from 'react-router';
import type { Route } from './+types/content-faq-list.ts';
import { faqCreateSchema, type StaffFaq } from '../../common/content.ts';
import { FAQ_FIELDS } from '../components/sections/content/content-fields.ts';
import {
  ContentFrame,
  ContentSignIn,
  Csrf,
  ItemEditor,
  Notice,
} from '../components/sections/content/content-parts.tsx';
import { Button } from '../components/ui/button.tsx';
import { restoredFrom, signInState } from '../content-area/content-session.tsx';
import { appContext } from '../lib/app-context.ts';
import { idFrom, readContentPost, signedOut, staffFor, versionFrom } from '../lib/content-area.server.ts';
import type { FormFailure } from '../lib/form-fields.ts';
import { answerResult, parseForm, refuse as failure } from '../lib/forms.server.ts';
import type { Result } from '../../server/refusal.ts';
import { contentHeaders } from '../lib/content-headers.ts';
import { pageMeta } from '../lib/seo.ts';
import { StateTags } from '../content-area/item-state.tsx';
import { ORDER_VERSION_FIELD, OrderHistory, OrderVersion } from '../content-area/order-history.tsx';
import { staffLinks } from '../lib/staff-styles.ts';

export const links = staffLinks;

export const headers = contentHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'Content: FAQ', 'Edit the Haulora FAQ.'),
  { name: 'robots', content: 'noindex' },
];

const DONE: Record<string, string> = {
  added: 'Question added.',
  drafted: 'Question added as a draft: not on the site until you publish it.',
  moved: 'Order saved.',
  undone: 'Change of order undone.',
  hidden: 'Question hidden.',
  shown: 'Question shown.',
  deleted: 'Question moved to the trash: restore it from the Trash tab within 30 days.',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const staff = await staffFor(request, app);
  if (!staff) return signedOut(app);
  const done = DONE[new URL(request.url).searchParams.get('done') ?? ''] ?? null;
  const [faqs, order] = await Promise.all([
    app.services.contentEditing.listFaqs(),
    app.services.contentEditing.faqOrder(),
  ]);
  return data(
    { signedIn: true as const, username: staff.username, csrfToken: app.csrf.token, faqs, order, done },
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
    answerResult(result, () => `${href('/content/faq')}?done=${done}`, values, { headers: staff.headers });
  // The order's version the page showed; a move against a newer order is refused (409).
  const orderVersion = /^\d{1,9}$/.test(values[ORDER_VERSION_FIELD] ?? '')
    ? Number(values[ORDER_VERSION_FIELD])
    : undefined;
  switch (intent) {
    case 'add':
    case 'add-draft': {
      const parsed = parseForm(
        faqCreateSchema,
        { question: values.question, answer: values.answer, hidden: values.hidden === 'on' },
        'Please correct the fields below.',
        values,
      );
      if (!parsed.ok) return parsed.refusal;
      // "Add as a draft" stores it off the site until published (decision 052).
      const { status: _status, publish_at: _publishAt, ...fields } = parsed.value;
      const status = intent === 'add-draft' ? ('draft' as const) : ('published' as const);
      return back(await edit.addFaq(fields, staff.username, { status }), status === 'draft' ? 'drafted' : 'added');
    }
    case 'up':
    case 'down': {
      const id = idFrom(values.id);
      if (!id) return failure(400, 'Choose a question to move.', values);
      return back(await edit.moveFaq(id, intent === 'up' ? -1 : 1, staff.username, orderVersion), 'moved');
    }
    case 'order': {
      const ids = (values.ids ?? '').split(',').map((value) => idFrom(value));
      if (ids.some((id) => id === null)) return failure(400, 'The order could not be read.', values);
      return back(await edit.reorderFaqs(ids as number[], staff.username, orderVersion), 'moved');
    }
    case 'undo': {
      if (orderVersion === undefined) return failure(400, 'The order could not be read.', values);
      return back(await edit.undoFaqOrder(orderVersion, staff.username), 'undone');
    }
    case 'hide':
    case 'show': {
      const id = idFrom(values.id);
      const item = id ? await edit.faq(id) : null;
      if (!item) return failure(404, 'This question was deleted since you opened the list.', values);
      const opened = versionFrom(values);
      if ('refusal' in opened) return opened.refusal;
      const fields = { question: item.question, answer: item.answer, hidden: intent === 'hide' };
      return back(
        await edit.updateFaq(item.id, opened.version, fields, staff.username),
        intent === 'hide' ? 'hidden' : 'shown',
      );
    }
    case 'delete': {
      const id = idFrom(values.id);
      if (!id) return failure(400, 'Choose a question to delete.', values);
      const opened = versionFrom(values);
      if ('refusal' in opened) return opened.refusal;
      return back(await edit.deleteFaq(id, opened.version, staff.username), 'deleted');
    }
    default:
      return failure(400, 'Unknown action.', values);
  }
}

export { ContentErrorBoundary as ErrorBoundary } from '../content-area/content-session.tsx';

export default function ContentFaq({ loaderData, actionData }: Route.ComponentProps) {
  const signIn = signInState(loaderData, actionData);
  if (signIn || !loaderData.signedIn) return <ContentSignIn {...(signIn ?? { csrfToken: '', message: null })} />;
  const { username, csrfToken, faqs, order } = loaderData;
  const answer = actionData as FormFailure | undefined;
  const failed = answer && 'errors' in answer ? answer : null;
  const restored = restoredFrom(actionData);
  const done = restored?.message ?? loaderData.done;
  return (
    <ContentFrame title="Content: FAQ" username={username} csrfToken={csrfToken}>
      {failed ? <Notice tone="refused">{failed.message}</Notice> : done ? <Notice tone="done">{done}</Notice> : null}
      <h2>FAQ, in display order</h2>
      <p>
        Use the Up and Down buttons to reorder from the keyboard, or drag a row. Hidden questions stay here but are left
        off the site. The home page shows the first five shown questions.
      </p>
      <FaqOrder faqs={faqs} csrfToken={csrfToken} orderVersion={order.version} />
      <OrderHistory order={order} csrfToken={csrfToken} />
      <div className="content-panels">
        <section aria-labelledby="add-title">
          <h2 id="add-title">Add a question</h2>
          {/* A new question's id is drawn afresh after an add: its typed text is saved, so it
              goes, and the unsaved-changes guard no longer holds the next link. */}
          <ItemEditor
            key={`add-after-${Math.max(0, ...faqs.map((item) => item.id))}`}
            csrfToken={csrfToken}
            fields={FAQ_FIELDS}
            values={failed?.values ?? (restored?.values.intent?.startsWith('add') ? restored.values : {})}
            errors={failed?.errors ?? {}}
            hiddenSwitch
            submitLabel="Add question"
            intent="add"
            also={[{ intent: 'add-draft', label: 'Add as a draft' }]}
          />
        </section>
      </div>
    </ContentFrame>
  );
}

/** The list with its row actions; with JavaScript a row can also be dragged to a new place. */
function FaqOrder({ faqs, csrfToken, orderVersion }: { faqs: StaffFaq[]; csrfToken: string; orderVersion: number }) {
  const submit = useSubmit();
  const [dragging, setDragging] = useState<number | null>(null);
  const drop = (targetId: number) => {
    if (dragging === null || dragging === targetId) return;
    const ids = faqs.map((item) => item.id).filter((id) => id !== dragging);
    ids.splice(
      ids.indexOf(targetId) +
        (faqs.findIndex((item) => item.id === dragging) < faqs.findIndex((item) => item.id === targetId) ? 1 : 0),
      0,
      dragging,
    );
    setDragging(null);
    submit(
      { _csrf: csrfToken, intent: 'order', ids: ids.join(','), [ORDER_VERSION_FIELD]: orderVersion },
      { method: 'post' },
    );
  };
  return (
    <ol className="content-list">
      {faqs.map((item, index) => (
        <li
          key={item.id}
          className="content-row"
          draggable
          data-dragging={dragging === item.id ? 'true' : undefined}
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            setDragging(item.id);
          }}
          onDragEnd={() => setDragging(null)}
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault();
            drop(item.id);
          }}
        >
          <span>
            {index + 1}. <Link to={href('/content/faq/:id', { id: String(item.id) })}>{item.question}</Link>
            {item.hidden ? <span className="content-tag">Hidden</span> : null}
            <StateTags item={item} />
          </span>
          <span className="content-row-actions">
            <RowForm
              csrfToken={csrfToken}
              orderVersion={orderVersion}
              item={item}
              intent="up"
              label="Up"
              describe={`Move “${item.question}” up`}
              disabled={index === 0}
            />
            <RowForm
              csrfToken={csrfToken}
              orderVersion={orderVersion}
              item={item}
              intent="down"
              label="Down"
              describe={`Move “${item.question}” down`}
              disabled={index === faqs.length - 1}
            />
            <RowForm
              csrfToken={csrfToken}
              orderVersion={orderVersion}
              item={item}
              intent={item.hidden ? 'show' : 'hide'}
              label={item.hidden ? 'Show' : 'Hide'}
              describe={`${item.hidden ? 'Show' : 'Hide'} “${item.question}”`}
            />
            <details>
              <summary aria-label={`Delete “${item.question}”…`}>Delete…</summary>
              <RowForm
                csrfToken={csrfToken}
                orderVersion={orderVersion}
                item={item}
                intent="delete"
                label="Delete for good"
                describe={`Delete “${item.question}” for good`}
              />
            </details>
          </span>
        </li>
      ))}
    </ol>
  );
}

function RowForm(props: {
  csrfToken: string;
  orderVersion: number;
  item: StaffFaq;
  intent: string;
  label: string;
  describe: string;
  disabled?: boolean;
}) {
  const { csrfToken, orderVersion, item, intent, label, describe, disabled } = props;
  return (
    <Form method="post">
      <Csrf token={csrfToken} />
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="version" value={item.version} />
      <OrderVersion version={orderVersion} />
      <Button
        type="submit"
        name="intent"
        value={intent}
        variant="secondary"
        size="sm"
        aria-label={describe}
        disabled={disabled}
      >
        {label}
      </Button>
    </Form>
  );
}
