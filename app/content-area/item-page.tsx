// One Content item's page, the same for an FAQ item and a glossary entry: the editor (Save draft
// with an optional schedule, Save and publish; after a version clash a word-level diff beside
// yours), Publish, a preview link, the trash, how it will look (following the typing) and the
// history (decision 052). Typing is autosaved for this editor every few seconds (autosave.ts).
import { useState } from 'react';
import { Form, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { HistoryEntry } from '../../common/content.ts';
import {
  ContentFrame,
  ContentSignIn,
  Csrf,
  HistoryList,
  ItemEditor,
  Notice,
} from '../components/sections/content/content-parts.tsx';
import { Button } from '../components/ui/button.tsx';
import { RichText } from '../components/ui/rich-text.tsx';
import type { FormFailure } from '../lib/form-fields.ts';
import { useAutosave } from './autosave.ts';
import { restoredFrom, signInState } from './content-session.tsx';
import { LocalTime, StateTags } from './item-state.tsx';
import { type ContentItem, ITEM_KINDS } from './item-kinds.ts';
import { ScheduleField } from './schedule-field.tsx';

type SignedIn = {
  signedIn: true;
  username: string;
  csrfToken: string;
  item: ContentItem;
  history: HistoryEntry[];
  done: string | null;
  preview: { path: string; url: string } | null;
  autosaved: { version: number; fields: Record<string, string>; savedAt: string } | null;
};
type SignedOut = { signedIn: false; csrfToken: string; message: string | null; kept: Record<string, string> | null };

/** An autosave post changes nothing on the page: the form keeps its typing (no reload of the data). */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get('intent') === 'autosave' ? false : defaultShouldRevalidate;
}

export function ContentItemPage({
  kind,
  loaderData,
  actionData,
}: {
  kind: keyof typeof ITEM_KINDS;
  loaderData: SignedIn | SignedOut;
  actionData: unknown;
}) {
  const signIn = signInState(loaderData, actionData);
  const spec = ITEM_KINDS[kind];
  const signedIn = !signIn && loaderData.signedIn ? loaderData : null;
  // The text being edited: the draft if there is one (a never-published item's own text is its draft).
  const working = signedIn
    ? signedIn.item.draft
      ? ({ ...signedIn.item, ...signedIn.item.draft } as ContentItem)
      : signedIn.item
    : null;
  const [typed, setTyped] = useState<{ heading: string; text: string } | null>(null);
  const autosave = useAutosave();
  if (!signedIn || !working) return <ContentSignIn {...(signIn ?? { csrfToken: '', message: null })} />;
  const { username, csrfToken, item, history } = signedIn;
  // This editor's autosaved typing, when it differs from the text stored.
  const stored = spec.values(working);
  const autosaved = Object.entries(signedIn.autosaved?.fields ?? {}).some(
    ([name, value]) => (stored[name] ?? '') !== value,
  )
    ? signedIn.autosaved
    : null;
  const answer = actionData as FormFailure | undefined;
  const failed = answer && 'errors' in answer ? answer : null;
  // After signing in again, what was typed before the sign-in ended (with the version it opened,
  // so a change made meanwhile is still caught); else this editor's autosaved typing.
  const restored = restoredFrom(actionData);
  const done = restored?.message ?? signedIn.done;
  const keptTyping = restored && ['save', 'draft'].includes(restored.values.intent ?? '') ? restored.values : null;
  const values = failed?.values ?? keptTyping ?? autosaved?.fields ?? stored;
  const opened = Number(keptTyping?.version) || autosaved?.version || item.version;
  const preview = typed ?? spec.preview(working);
  const hasDraft = item.status === 'draft' || item.draft !== null;
  return (
    <ContentFrame title={spec.title} username={username} csrfToken={csrfToken}>
      {failed ? <Notice tone="refused">{failed.message}</Notice> : done ? <Notice tone="done">{done}</Notice> : null}
      {autosaved && !failed && !keptTyping ? (
        <Notice tone="done">
          Your typing from <LocalTime iso={autosaved.savedAt} /> is back in the form (autosaved, not yet saved).
        </Notice>
      ) : null}
      <p className="content-meta content-state">
        <span>
          Version {item.version}
          {item.updatedBy ? (
            <>
              {' · last changed by '}
              {item.updatedBy === 'schedule' ? 'the schedule' : item.updatedBy} at{' '}
              <LocalTime iso={item.updatedAt ?? ''} />
            </>
          ) : (
            ' · as seeded'
          )}
          {spec.note(item)}
        </span>
        <StateTags item={item} />
      </p>
      <ItemEditor
        csrfToken={csrfToken}
        fields={spec.fields}
        values={values}
        errors={failed?.errors ?? {}}
        version={opened}
        hiddenSwitch={spec.hiddenSwitch}
        submitLabel="Save draft"
        intent="draft"
        also={[{ intent: 'save', label: 'Save and publish' }]}
        extra={
          <ScheduleField publishAt={item.publishAt} typed={failed?.values.publishAt} error={failed?.errors.publishAt} />
        }
        current={failed?.current}
        onEdit={(form) => {
          const data = new FormData(form);
          setTyped(spec.preview({ ...working, ...Object.fromEntries(data) } as ContentItem));
          autosave.typed(form);
        }}
      />
      {autosave.savedAt ? (
        <p className="content-meta" role="status">
          Autosaved at <LocalTime iso={autosave.savedAt} />
        </p>
      ) : null}
      <div className="content-state">
        {hasDraft ? (
          <Form method="post">
            <Csrf token={csrfToken} />
            <input type="hidden" name="version" value={item.version} />
            <Button type="submit" name="intent" value="publish">
              Publish the saved draft now
            </Button>
          </Form>
        ) : null}
        <Form method="post">
          <Csrf token={csrfToken} />
          <Button type="submit" name="intent" value="preview-link" variant="secondary">
            Get a preview link
          </Button>
        </Form>
      </div>
      {signedIn.preview ? (
        <p className="content-link-out">
          Preview link (one hour, works signed out):{' '}
          <a href={signedIn.preview.path} target="_blank" rel="noreferrer">
            {signedIn.preview.url}
          </a>
        </p>
      ) : null}
      <details>
        <summary>{spec.deleteSummary}</summary>
        <Form method="post">
          <Csrf token={csrfToken} />
          <input type="hidden" name="version" value={item.version} />
          <Button type="submit" name="intent" value="delete" variant="secondary">
            {spec.deleteLabel(item)}
          </Button>
        </Form>
      </details>
      <div className="content-panels">
        <section aria-labelledby="preview-title">
          <h2 id="preview-title">On the site</h2>
          <p className="content-meta">
            {hasDraft || typed
              ? 'How your text will look once published; the site shows the published version until then.'
              : 'As the site shows it now.'}
          </p>
          <h3>{preview.heading}</h3>
          <RichText text={preview.text} />
        </section>
        <HistoryList entries={history} fields={spec.fields} csrfToken={csrfToken} version={item.version} />
      </div>
    </ContentFrame>
  );
}
