// One Content item's page, the same for an FAQ item and a glossary entry: the editor (with the
// stored text beside yours after a version clash), delete, the preview and the history.
import { Form } from 'react-router';
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
import { restoredFrom, signInState } from './content-session.tsx';
import { type ContentItem, ITEM_KINDS } from './item-kinds.ts';

type SignedIn = {
  signedIn: true;
  username: string;
  csrfToken: string;
  item: ContentItem;
  history: HistoryEntry[];
  done: string | null;
};
type SignedOut = { signedIn: false; csrfToken: string; message: string | null; kept: Record<string, string> | null };

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
  if (signIn || !loaderData.signedIn) return <ContentSignIn {...(signIn ?? { csrfToken: '', message: null })} />;
  const { username, csrfToken, item, history } = loaderData;
  const spec = ITEM_KINDS[kind];
  const answer = actionData as FormFailure | undefined;
  const failed = answer && 'errors' in answer ? answer : null;
  // After signing in again, what was typed before the sign-in ended (with the version it opened,
  // so a change made meanwhile is still caught).
  const restored = restoredFrom(actionData);
  const done = restored?.message ?? loaderData.done;
  const values = failed?.values ?? (restored?.values.intent === 'save' ? restored.values : spec.values(item));
  const opened = Number(restored?.values.version) || item.version;
  const preview = spec.preview(item);
  return (
    <ContentFrame title={spec.title} username={username} csrfToken={csrfToken}>
      {failed ? <Notice tone="refused">{failed.message}</Notice> : done ? <Notice tone="done">{done}</Notice> : null}
      <p className="content-meta">
        Version {item.version}
        {item.updatedBy
          ? ` · last changed by ${item.updatedBy} at ${item.updatedAt?.replace('T', ' ').slice(0, 19)} UTC`
          : ' · as seeded'}
        {spec.note(item)}
      </p>
      <ItemEditor
        csrfToken={csrfToken}
        fields={spec.fields}
        values={values}
        errors={failed?.errors ?? {}}
        version={opened}
        hiddenSwitch={spec.hiddenSwitch}
        submitLabel="Save"
        intent="save"
        current={failed?.current}
      />
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
          <h3>{preview.heading}</h3>
          <RichText text={preview.text} />
        </section>
        <HistoryList entries={history} fields={spec.fields} csrfToken={csrfToken} version={item.version} />
      </div>
    </ContentFrame>
  );
}
