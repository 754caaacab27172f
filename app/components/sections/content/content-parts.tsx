// The Content area's shared pieces (issue 19): the frame with its tabs and sign-out, the sign-in
// form shown when nobody is signed in here, the item editor with the version check's comparison,
// and an item's history with its restore buttons. Every form is a plain post to the page's
// action, so all of it works without JavaScript; with it, React Router sends the same posts.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Form, href, NavLink, useRevalidator } from 'react-router';
import type { HistoryEntry } from '../../../../common/content.ts';
import { CONTENT_MESSAGES } from '../../../../common/content-messages.ts';
import { CSRF_FIELD } from '../../../lib/form-fields.ts';
import { KEPT_FIELD } from '../../../lib/kept-values.ts';
import { useTypedEarly } from '../../../lib/use-typed-early.ts';
import { useUnsavedGuard } from '../../../lib/use-unsaved-guard.ts';
import { Button } from '../../ui/button.tsx';
import { InputField, TextareaField } from '../../ui/field.tsx';
import { PageHero } from '../../ui/page-hero.tsx';
import { LocalTime } from '../../../content-area/item-state.tsx';
import { ClashCompare } from './clash-compare.tsx';

export function Csrf({ token }: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={token} />;
}

/** A message after a change or a refusal; refusals are announced as alerts. */
export function Notice({ tone, children }: { tone: 'done' | 'refused'; children: ReactNode }) {
  return (
    <div className="content-notice" data-variant={tone} role={tone === 'refused' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function ContentFrame({
  title,
  username,
  csrfToken,
  children,
}: {
  title: string;
  username: string;
  csrfToken: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHero eyebrow="Staff" title={title}>
        <p>
          Edit the FAQ, the glossary and every page&apos;s copy. Save a draft, preview it, then publish it now or at a
          set time.
        </p>
      </PageHero>
      <section className="section content-section" aria-label={title}>
        <div className="container">
          <div className="content-bar">
            <nav aria-label="Content area">
              <ul className="content-tabs">
                <li>
                  <NavLink to={href('/content/faq')}>FAQ</NavLink>
                </li>
                <li>
                  <NavLink to={href('/content/glossary')}>Glossary</NavLink>
                </li>
                <li>
                  <NavLink to={href('/content/pages')}>Pages</NavLink>
                </li>
                <li>
                  <NavLink to={href('/content/trash')}>Trash</NavLink>
                </li>
                <li>
                  <NavLink to={href('/inbox')}>Inbox</NavLink>
                </li>
              </ul>
            </nav>
            <Form method="post" className="content-signed-in">
              <Csrf token={csrfToken} />
              <span>Signed in as {username}</span>
              <Button type="submit" name="intent" value="sign-out" variant="ghost" size="sm">
                Sign out
              </Button>
            </Form>
          </div>
          {children}
        </div>
      </section>
    </>
  );
}

export function ContentSignIn({
  csrfToken,
  message,
  kept = null,
  title = 'Content',
  intro = 'Sign in with an admin staff account to edit the FAQ and the glossary.',
}: {
  csrfToken: string;
  message: string | null;
  /** What a post that found the sign-in over had typed: carried through the sign-in and given back. */
  kept?: Record<string, string> | null;
  title?: string;
  intro?: string;
}) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useTypedEarly(formId, formRef);
  const revalidator = useRevalidator();
  // Arrived by a link from another site (an email in webmail), the first request went without the
  // SameSite=Strict session cookie: renew it with a same-site call, then load the page again.
  useEffect(() => {
    if (message || kept) return;
    // Code that cannot be fetched (offline) leaves the sign-in form, which works without it.
    import('../../../lib/session.ts')
      .then(async ({ mayHaveSessionCookie, refreshSession }) => {
        if (mayHaveSessionCookie() && (await refreshSession()).kind === 'refreshed') void revalidator.revalidate();
      })
      .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the sign-in form shows
  }, []);
  return (
    <>
      <PageHero eyebrow="Staff" title={title}>
        <p>{intro}</p>
      </PageHero>
      <section className="container form-page" aria-label="Sign-in form">
        <div className="form-card" data-size="sm">
          {message ? <Notice tone="refused">{message}</Notice> : null}
          <Form method="post" className="content-form" id={formId} ref={formRef}>
            <Csrf token={csrfToken} />
            {kept ? <input type="hidden" name={KEPT_FIELD} value={JSON.stringify(kept)} /> : null}
            <InputField name="username" label="Username" autoComplete="username" required maxLength={64} />
            <InputField
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={256}
            />
            <Button type="submit" name="intent" value="sign-in">
              Sign in
            </Button>
          </Form>
        </div>
      </section>
    </>
  );
}

export type EditorField = { name: string; label: string; max: number; multiline?: boolean; hint?: string };

/** The fields of an item as a form: text fields, an optional "hidden" switch, and the version
 * the editor opened. After a version clash `current` is the stored text, shown to compare. */
export function ItemEditor(props: {
  csrfToken: string;
  fields: EditorField[];
  values: Record<string, string>;
  errors?: Record<string, string>;
  version?: number;
  hiddenSwitch?: boolean;
  submitLabel: string;
  intent: string;
  current?: Record<string, string> | null | undefined;
  /** More submit buttons after the main one (e.g. "Save and publish" beside "Save draft"). */
  also?: { intent: string; label: string }[];
  /** More fields after the text fields (the schedule). */
  extra?: ReactNode;
  /** Called on every edit with the form (the live preview follows typing). */
  onEdit?: (form: HTMLFormElement) => void;
}) {
  const { csrfToken, fields, values, errors = {}, version, hiddenSwitch, submitLabel, intent, current } = props;
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useTypedEarly(formId, formRef);
  useUnsavedGuard(formRef, CONTENT_MESSAGES.unsaved);
  return (
    <Form
      method="post"
      className="content-form"
      id={formId}
      ref={formRef}
      onInput={(event) => props.onEdit?.(event.currentTarget)}
    >
      <Csrf token={csrfToken} />
      {version ? <input type="hidden" name="version" value={current?.version ?? version} /> : null}
      {fields.map((field) =>
        field.multiline ? (
          <TextareaField
            key={`${field.name}-${values[field.name] ?? ''}`}
            name={field.name}
            label={field.label}
            hint={field.hint}
            error={errors[field.name]}
            rule={{ required: true, maxLength: field.max }}
            defaultValue={values[field.name] ?? ''}
            rows={6}
          />
        ) : (
          <InputField
            key={`${field.name}-${values[field.name] ?? ''}`}
            name={field.name}
            label={field.label}
            hint={field.hint}
            error={errors[field.name]}
            rule={{ required: true, maxLength: field.max }}
            defaultValue={values[field.name] ?? ''}
          />
        ),
      )}
      {hiddenSwitch ? (
        <label className="content-check">
          <input type="checkbox" name="hidden" defaultChecked={values.hidden === 'on' || values.hidden === 'true'} />{' '}
          Hidden (kept here, left off the site)
        </label>
      ) : null}
      {props.extra}
      {current ? <ClashCompare fields={fields} current={current} values={values} /> : null}
      <div className="content-actions">
        <Button type="submit" name="intent" value={intent}>
          {current ? `${submitLabel} (replace their version)` : submitLabel}
        </Button>
        {props.also?.map((button) => (
          <Button key={button.intent} type="submit" name="intent" value={button.intent} variant="secondary">
            {button.label}
          </Button>
        ))}
      </div>
    </Form>
  );
}

const ACTION_LABEL: Record<HistoryEntry['action'], string> = {
  create: 'Added',
  update: 'Changed',
  delete: 'Moved to the trash',
  restore: 'Restored',
  import: 'Imported',
  draft: 'Draft saved',
  publish: 'Published',
  untrash: 'Taken out of the trash',
};

export function HistoryList({
  entries,
  fields,
  csrfToken,
  version,
}: {
  entries: HistoryEntry[];
  fields: EditorField[];
  csrfToken: string;
  version: number;
}) {
  return (
    <section className="content-history" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      {entries.length === 0 ? <p>No changes since the site was seeded.</p> : null}
      <ol>
        {entries.map((entry) => (
          <li key={entry.id}>
            <p>
              <strong>
                {ACTION_LABEL[entry.action]} (version {entry.version})
              </strong>{' '}
              by {entry.username === 'schedule' ? 'the schedule' : entry.username} at <LocalTime iso={entry.at} />
            </p>
            {typeof entry.after?.note === 'string' ? <p className="content-meta">{entry.after.note}</p> : null}
            {entry.after ? (
              <details>
                <summary>Show this version</summary>
                {fields.map((field) => (
                  <div key={field.name}>
                    <p className="content-meta">{field.label}</p>
                    <p className="content-plain">{String(entry.after?.[field.name] ?? '')}</p>
                  </div>
                ))}
                {'hidden' in entry.after ? (
                  <p className="content-meta">{entry.after.hidden ? 'Hidden' : 'Shown'}</p>
                ) : null}
              </details>
            ) : null}
            {entry.after && entry.version !== version ? (
              <Form method="post">
                <Csrf token={csrfToken} />
                <input type="hidden" name="historyId" value={entry.id} />
                <input type="hidden" name="version" value={version} />
                <Button type="submit" name="intent" value="restore" variant="secondary" size="sm">
                  Restore version {entry.version}
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
