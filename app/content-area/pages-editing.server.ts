// The loaders and actions of the Content area's Pages and Redirects screens (issue 31): the form
// contract of the other Content pages (CSRF, the staff sign-in, the service's Result, then the
// form again with its field errors or a 303), over PageEditing. A save reads the generic form
// back into the page's document (page-form-data.ts); a list button changes the typed document and
// shows it again, unsaved; a refusal keeps every typed value.
import { data, href, redirect } from 'react-router';
import { CONTENT_MESSAGES, type Publishing } from '../../common/content.ts';
import { MESSAGES } from '../../common/messages.ts';
import type { AppContext } from '../lib/app-context.ts';
import { idFrom, readContentPost, signedOut, staffFor } from '../lib/content-area.server.ts';
import { refuse } from '../lib/forms.server.ts';
import { publishAtFrom } from './schedule.ts';
import { hasImageSlots, settleImageSlots, withImageSlots } from './image-slots.ts';
import { takeUploads } from './page-uploads.server.ts';
import { changeList, readDocument, readListChange, readShape, sameTyping, SHAPE_FIELD } from './page-form-data.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

const DONE: Record<string, string> = {
  saved: 'Saved and published. The site shows it now.',
  drafted: 'Draft saved. The site still shows the published version.',
  scheduled: 'Draft saved and scheduled: it is published at the time shown.',
  published: 'Draft published. The site shows it now.',
  preview: 'Preview link made: anyone with it can see the draft on the page for one hour.',
  restored: 'Earlier version restored. The site shows it now.',
  removed: 'Redirect removed: its old path is a 404 again.',
};
const doneOf = (request: Request) => DONE[new URL(request.url).searchParams.get('done') ?? ''] ?? null;
/** A page preview link's path handed back in the page's address, only if it looks like one of ours. */
const previewOf = (request: Request, origin: string) => {
  const path = new URL(request.url).searchParams.get('preview');
  return path && /^\/preview\/pg1\.[\w-]+\.[\w-]+$/.test(path) ? { path, url: new URL(path, origin).href } : null;
};

/** What the editor draws after a post that did not save: the typed document and why. */
export type PageDraft = {
  draft: unknown;
  version: number;
  revision: string;
  message: string | null;
  errors: Record<string, string>;
  /** The list a button changed, so the editor keeps it open; '' after a save. */
  changed: string;
  /** Someone saved the page since it was opened: saving again replaces their version. */
  clash: boolean;
  /** What the post did, unsaved (an image uploaded and placed). */
  notice?: string;
};

export async function pagesListLoader(request: Request, app: AppContext) {
  const staff = await staffFor(request, app);
  if (!staff) return signedOut(app);
  const pages = await app.services.pageEditing.list();
  return data(
    { signedIn: true as const, username: staff.username, csrfToken: app.csrf.token, pages },
    { headers: staff.headers },
  );
}

/** A page whose only forms are the sign-in and the sign-out (readContentPost answers both). */
export async function signInOnlyAction(request: Request, app: AppContext) {
  const read = await readContentPost(request, app);
  if (!read.ok) return read.response;
  return refuse(400, 'Unknown action.');
}

export async function pageLoader(request: Request, app: AppContext, id: string | undefined) {
  const staff = await staffFor(request, app);
  if (!staff) return signedOut(app);
  const page = id ? await app.services.pageEditing.read(id) : null;
  if (!page || !id) throw data('Not found', { status: 404 });
  // The list of versions only: each version's document is read when it is restored.
  const versions = ((await app.services.pageEditing.versions(id)) ?? []).map(
    ({ version, savedAt, savedBy, action }) => ({ version, savedAt, savedBy, action }),
  );
  // A page with image fields shows every uploaded image to choose from (issue 31).
  const images = hasImageSlots(id) ? await app.services.contentImages.list() : null;
  // This editor's autosaved typing (decision 059), when it differs from what the form would show.
  const kept = await app.services.pageEditing.findAutosave(id, staff.username);
  const autosaved =
    kept && !sameTyping(kept.document, page.draft ?? page.document)
      ? { ...kept, document: withImageSlots(id, kept.document) }
      : null;
  return data(
    {
      signedIn: true as const,
      username: staff.username,
      csrfToken: app.csrf.token,
      page: {
        ...page,
        document: withImageSlots(id, page.document),
        draft: page.draft == null ? null : withImageSlots(id, page.draft),
      },
      images,
      autosaved,
      live: app.services.pageEditing.livePreviewLink(id, staff.username),
      versions,
      done: doneOf(request),
      preview: previewOf(request, app.origin),
      revision: `v${page.version}`,
    },
    { headers: staff.headers },
  );
}

export async function pageAction(request: Request, app: AppContext, id: string | undefined) {
  const read = await readContentPost(request, app);
  if (!read.ok) return read.response;
  const { staff, post } = read;
  const { values, intent } = post;
  const edit = app.services.pageEditing;
  if (!id || !(await edit.read(id))) throw data('Not found', { status: 404 });
  const here = href('/content/pages/:id', { id });
  const opened = idFrom(values.version);
  const headers = staff.headers;
  const draftOf = (
    document: unknown,
    answer: Pick<PageDraft, 'version' | 'message'> & Partial<PageDraft>,
    status = 200,
  ) =>
    data<PageDraft>(
      {
        draft: withImageSlots(id, document),
        revision: crypto.randomUUID(),
        errors: {},
        changed: '',
        clash: false,
        ...answer,
      },
      { status, headers: NO_STORE },
    );

  if (intent === 'restore') {
    const restore = idFrom(values.restore);
    if (!opened || !restore) return refuse(400, 'Choose a version to restore.');
    const result = await edit.restore(id, opened, restore, staff.username);
    if (result.ok) return redirect(`${here}?done=restored`, { status: 303, headers });
    return refuse(result.kind === 'conflict' ? 409 : 400, result.message);
  }

  if (intent === 'publish') {
    if (!opened) return refuse(400, 'This form is incomplete. Reload the page and try again.');
    const result = await edit.publish(id, opened, staff.username);
    if (result.ok) return redirect(`${here}?done=published`, { status: 303, headers });
    return refuse(result.kind === 'conflict' ? 409 : 400, result.message);
  }
  if (intent === 'preview-link') {
    const link = await edit.previewLink(id);
    if (!link.ok) return refuse(404, link.message);
    return redirect(`${here}?done=preview&preview=${encodeURIComponent(link.value.path)}`, { status: 303, headers });
  }

  const shape = readShape(values[SHAPE_FIELD]);
  if (!shape || !opened) return refuse(400, 'This form is incomplete. Reload the page and try again.');
  const document = readDocument(shape, values);
  if (intent === 'autosave') {
    // Image fields settled as a save settles them, so the live pane can show the typing.
    if (hasImageSlots(id)) settleImageSlots(id, document, await app.services.contentImages.list());
    const kept = await edit.autosave(id, staff.username, opened, document);
    if (!kept.ok) return refuse(400, kept.message);
    return data({ autosaved: kept.value.savedAt }, { headers });
  }
  // Images first: an upload is checked, stored and placed; every image field is settled.
  const images = await takeUploads(app, id, document, post, staff.username);
  if (!images.ok)
    return draftOf(document, { version: opened, message: images.message, errors: images.errors }, images.status);
  if (intent.startsWith('upload:'))
    return draftOf(document, { version: opened, message: null, notice: images.notice ?? undefined });
  const change = readListChange(intent);
  if (change) {
    const changed = changeList(document, change);
    // After an add, the new item is open; after a remove or a move, its list.
    const list = change.kind === 'add' ? change.path : change.path.slice(0, -1);
    const items = list.reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], changed);
    const open = change.kind === 'add' && Array.isArray(items) ? [...list, items.length - 1] : list;
    return draftOf(changed, { version: opened, message: null, changed: open.join('.') });
  }
  if (intent !== 'save' && intent !== 'draft') return refuse(400, 'Unknown action.');

  const publishAt = publishAtFrom(values);
  // A time the form could not read is the field's own refusal (never a silent "no schedule").
  if (intent === 'draft' && typeof publishAt === 'string' && !publishAt.endsWith('Z'))
    return draftOf(
      document,
      { version: opened, message: CONTENT_MESSAGES.badPublishAt, errors: { publishAt: CONTENT_MESSAGES.badPublishAt } },
      400,
    );
  const publishing: Publishing =
    intent === 'save'
      ? { status: 'published' }
      : { status: 'draft', ...(publishAt === undefined ? {} : { publish_at: publishAt }) };
  const result = await edit.save(id, opened, document, staff.username, publishing);
  const done = intent === 'save' ? 'saved' : publishAt ? 'scheduled' : 'drafted';
  if (result.ok) return redirect(`${here}?done=${done}`, { status: 303, headers });
  if (result.kind === 'conflict') {
    // Saving again replaces their version: the form now names the version stored.
    const current = await edit.read(id);
    return draftOf(document, { version: current?.version ?? opened, message: result.message, clash: true }, 409);
  }
  if (result.kind === 'not-found') throw data(MESSAGES.notFound, { status: 404 });
  return draftOf(document, { version: opened, message: result.message, errors: result.fields ?? {} }, 400);
}

export async function redirectsLoader(request: Request, app: AppContext) {
  const staff = await staffFor(request, app);
  if (!staff) return signedOut(app);
  const redirects = await app.services.pageEditing.redirects();
  return data(
    { signedIn: true as const, username: staff.username, csrfToken: app.csrf.token, redirects, done: doneOf(request) },
    { headers: staff.headers },
  );
}

export async function redirectsAction(request: Request, app: AppContext) {
  const read = await readContentPost(request, app);
  if (!read.ok) return read.response;
  const { staff, post } = read;
  if (post.intent !== 'remove' || !post.values.from) return refuse(400, 'Unknown action.');
  const result = await app.services.pageEditing.removeRedirect(post.values.from);
  if (!result.ok) return refuse(404, 'That redirect was already removed.');
  return redirect(`${href('/content/redirects')}?done=removed`, { status: 303, headers: staff.headers });
}
