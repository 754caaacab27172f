// /content/pages/:id: one page's copy in the generic editor (issue 31): every text of the page as
// a field, lists with add, remove and move; saved as the page's next version when its file's
// schema accepts it (else each problem at its field, everything typed kept); refused with who and
// when if someone saved it since it was opened; every version listed with a restore button.
import { Form, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/content-page.ts';
import { signInState } from '../content-area/content-session.tsx';
import { LocalTime } from '../content-area/item-state.tsx';
import { PageForm } from '../content-area/page-form.tsx';
import { PageDraftState } from '../content-area/pages-draft-state.tsx';
import { type PageDraft, pageAction, pageLoader } from '../content-area/pages-editing.server.ts';
import { ContentFrame, ContentSignIn, Csrf, Notice } from '../components/sections/content/content-parts.tsx';
import { Button } from '../components/ui/button.tsx';
import { CONTENT_MESSAGES } from '../../common/content-messages.ts';
import { appContext } from '../lib/app-context.ts';
import { contentHeaders } from '../lib/content-headers.ts';
import type { FormFailure } from '../lib/form-fields.ts';
import { pageMeta } from '../lib/seo.ts';
import { staffLinks } from '../lib/staff-styles.ts';

export const links = staffLinks;

export const headers = contentHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'Content: page', "Edit a page's copy."),
  { name: 'robots', content: 'noindex' },
];

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  pageLoader(request, context.get(appContext), params.id);

export const action = ({ request, params, context }: Route.ActionArgs) =>
  pageAction(request, context.get(appContext), params.id);

export { ContentErrorBoundary as ErrorBoundary } from '../content-area/content-session.tsx';
/** An autosave post changes nothing on the page: the form keeps its typing (as the FAQ's editor). */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get('intent') === 'autosave' ? false : defaultShouldRevalidate;
}

/** What each version of the history was (decision 055). */
const ACTION_WORDS = { save: 'saved', draft: 'saved as a draft', publish: 'published' } as const;

const isDraft = (value: unknown): value is PageDraft => Boolean(value && typeof value === 'object' && 'draft' in value);
const isFailure = (value: unknown): value is FormFailure =>
  Boolean(value && typeof value === 'object' && 'errors' in value && !('draft' in value));

export default function ContentPage({ loaderData, actionData }: Route.ComponentProps) {
  const signIn = signInState(loaderData, actionData);
  if (signIn || !loaderData.signedIn) return <ContentSignIn {...(signIn ?? { csrfToken: '', message: null })} />;
  const { username, csrfToken, page, versions, done, preview, images, autosaved } = loaderData;
  // The action answers a draft (not saved), a refusal, or the sign-in's states.
  const answer: unknown = actionData;
  const draft = isDraft(answer) ? answer : null;
  const failed = isFailure(answer) ? answer : null;
  const refusal = draft?.message ?? failed?.message ?? null;
  return (
    <ContentFrame title={`Content: ${page.title}`} username={username} csrfToken={csrfToken}>
      {refusal ? <Notice tone="refused">{refusal}</Notice> : done ? <Notice tone="done">{done}</Notice> : null}
      {autosaved && !answer ? (
        <Notice tone="done">
          Your typing from <LocalTime iso={autosaved.savedAt} /> {CONTENT_MESSAGES.autosaveRestored}
        </Notice>
      ) : null}
      {draft && !draft.message ? (
        <Notice tone="done">{draft.notice ?? 'List changed. Save to put it on the site.'}</Notice>
      ) : null}
      {draft?.clash ? (
        <p>
          Your text is below, not saved.{' '}
          <a href={`/content/pages/${page.id}`} target="_blank" rel="noopener">
            Open their version<span className="visually-hidden"> (opens in a new tab)</span>
          </a>{' '}
          to compare; saving again replaces it.
        </p>
      ) : null}
      <p className="content-meta">
        Version {page.version}
        {page.updatedBy
          ? ` · last saved by ${page.updatedBy} at ${page.updatedAt?.replace('T', ' ').slice(0, 19)} UTC`
          : ' · as in content/'}
        {` · checked by ${page.schema}`}
      </p>
      <PageDraftState csrfToken={csrfToken} page={page} preview={preview} />
      <PageForm
        csrfToken={csrfToken}
        document={draft ? draft.draft : autosaved && !answer ? autosaved.document : (page.draft ?? page.document)}
        version={draft?.version ?? (autosaved && !answer ? autosaved.version : page.version)}
        errors={draft?.errors ?? {}}
        changed={draft?.changed ?? ''}
        revision={draft?.revision ?? (autosaved && !answer ? `a${autosaved.savedAt}` : loaderData.revision)}
        viewPath={page.paths[0] ?? '/'}
        schedule={{ publishAt: page.publishAt, error: draft?.errors.publishAt }}
        images={images ?? undefined}
        live={loaderData.live}
      />
      <section className="content-history" aria-labelledby="history-title">
        <h2 id="history-title">History</h2>
        {versions.length === 0 ? <p>Not edited yet: the page is its file in content/.</p> : null}
        <ol>
          {versions.map((entry) => (
            <li key={entry.version}>
              <p>
                <strong>Version {entry.version}</strong> {ACTION_WORDS[entry.action]} by {entry.savedBy} at{' '}
                <time dateTime={entry.savedAt}>{entry.savedAt.replace('T', ' ').slice(0, 19)} UTC</time>
              </p>
              {entry.version !== page.version ? (
                <Form method="post">
                  <Csrf token={csrfToken} />
                  <input type="hidden" name="restore" value={entry.version} />
                  <input type="hidden" name="version" value={page.version} />
                  <Button type="submit" name="intent" value="restore" variant="secondary" size="sm">
                    Restore version {entry.version}
                  </Button>
                </Form>
              ) : (
                <p className="content-meta">{page.hasDraft ? 'The draft, not on the site yet' : 'On the site now'}</p>
              )}
            </li>
          ))}
        </ol>
      </section>
    </ContentFrame>
  );
}
