// The loader and action of one Content item's page, the same for an FAQ item and a glossary entry
// (routes/content-faq.tsx, routes/content-glossary-entry.tsx): the form contract of
// app/lib/forms.server.ts (read, CSRF, the staff sign-in, parse with the common schema, the
// service's Result, then field errors or a 303), with save (live), save draft (and schedule),
// publish, a preview link, autosave, restore and move to the trash (decision 052).
import { data, href } from 'react-router';
import {
  CONTENT_MESSAGES,
  type ContentKind,
  faqUpdateSchema,
  glossaryUpdateSchema,
  type Publishing,
  restoreSchema,
} from '../../common/content.ts';
import type { Result } from '../../server/refusal.ts';
import type { AppContext } from '../lib/app-context.ts';
import { idFrom, readContentPost, signedOut, staffFor, versionFrom } from '../lib/content-area.server.ts';
import { answerResult, parseForm, refuse } from '../lib/forms.server.ts';
import { ITEM_KINDS } from './item-kinds.ts';
import { publishAtFrom } from './schedule.ts';

type Edit = AppContext['services']['contentEditing'];

/** Each kind's form values as its update schema's input. */
const INPUT = {
  faq: (values: Record<string, string>) => ({
    question: values.question,
    answer: values.answer,
    hidden: values.hidden === 'on',
  }),
  glossary: (values: Record<string, string>) => ({
    category: values.category,
    term: values.term,
    description: values.description,
  }),
};
const SCHEMA = { faq: faqUpdateSchema, glossary: glossaryUpdateSchema };

/** Each kind's service calls and paths. */
const SERVICE = {
  faq: {
    find: (edit: Edit, id: number) => edit.faq(id),
    list: () => href('/content/faq'),
    item: (id: number) => href('/content/faq/:id', { id: String(id) }),
  },
  glossary: {
    find: (edit: Edit, id: number) => edit.entry(id),
    list: () => href('/content/glossary'),
    item: (id: number) => href('/content/glossary/:id', { id: String(id) }),
  },
} as const;

/** Saves the form live or as the draft: the parsed fields, or the form again with its errors. */
function save(
  kind: ContentKind,
  edit: Edit,
  id: number,
  values: Record<string, string>,
  username: string,
  publishing: Publishing,
) {
  const parsed = parseForm(
    SCHEMA[kind],
    { ...INPUT[kind](values), version: Number(values.version), ...publishing },
    'Please correct the fields below.',
    values,
  );
  if (!parsed.ok) return parsed;
  const { version, status, publish_at, ...fields } = parsed.value;
  const saving =
    kind === 'faq'
      ? edit.updateFaq(id, version, fields as Parameters<Edit['updateFaq']>[2], username, { status, publish_at })
      : edit.updateEntry(id, version, fields as Parameters<Edit['updateEntry']>[2], username, { status, publish_at });
  return { ok: true as const, saving: saving as Promise<Result<unknown>> };
}

const DONE: Record<string, string> = {
  saved: 'Saved and published. The site shows it now.',
  drafted: 'Draft saved. The site still shows the published text until you publish.',
  scheduled: 'Draft saved and scheduled: it is published at the time shown.',
  published: 'Published. The site shows it now.',
  restored: 'Earlier version restored. The site shows it now.',
  preview: 'Preview link made: anyone with it can see the draft on the page for one hour.',
};

/** A preview link's path handed back in the page's address, only if it looks like one of ours. */
const previewPathOf = (value: string | null) => (value && /^\/preview\/p1\.[\w-]+\.[\w-]+$/.test(value) ? value : null);

export async function itemLoader(kind: ContentKind, request: Request, app: AppContext, idParam: string | undefined) {
  const staff = await staffFor(request, app);
  if (!staff) return signedOut(app);
  const id = idFrom(idParam);
  const edit = app.services.contentEditing;
  const item = id ? await SERVICE[kind].find(edit, id) : null;
  if (!item) throw data('Not found', { status: 404 });
  const [history, autosaved] = await Promise.all([
    edit.history(kind, item.id),
    edit.findAutosave(kind, item.id, staff.username),
  ]);
  const query = new URL(request.url).searchParams;
  const done = DONE[query.get('done') ?? ''] ?? null;
  const preview = previewPathOf(query.get('preview'));
  return data(
    {
      signedIn: true as const,
      username: staff.username,
      csrfToken: app.csrf.token,
      item,
      history,
      done,
      preview: preview ? { path: preview, url: new URL(preview, app.origin).href } : null,
      autosaved,
    },
    { headers: staff.headers },
  );
}

export async function itemAction(kind: ContentKind, request: Request, app: AppContext, idParam: string | undefined) {
  const read = await readContentPost(request, app);
  if (!read.ok) return read.response;
  const { staff, post } = read;
  const { values, intent } = post;
  const id = idFrom(idParam);
  if (!id) throw data('Not found', { status: 404 });
  const edit = app.services.contentEditing;
  const service = SERVICE[kind];
  const headers = staff.headers;
  // On a version clash the stored text (its draft, if any) comes back beside what was typed.
  const current = async () => {
    const item = await service.find(edit, id);
    if (!item) return null;
    const shown = item.draft ? { ...item, ...item.draft } : item;
    return { ...ITEM_KINDS[kind].values(shown as typeof item), version: String(item.version) };
  };
  const answer = async (result: Result<unknown>, to: string) => {
    // A save of this editor's makes their autosaved typing history.
    if (result.ok) await edit.clearAutosave(kind, id, staff.username);
    return answerResult(result, () => to, values, { headers, current: result.ok ? null : await current() });
  };
  if (intent === 'autosave') {
    const opened = versionFrom(values);
    if ('refusal' in opened) return opened.refusal;
    const result = await edit.autosave(kind, id, staff.username, opened.version, values);
    if (!result.ok) return refuse(400, result.message, values);
    return data({ autosaved: result.value.savedAt }, { headers });
  }
  if (intent === 'save' || intent === 'draft') {
    const publishAt = publishAtFrom(values);
    // A time the form could not read is the field's own refusal (never a silent "no schedule").
    if (intent === 'draft' && typeof publishAt === 'string' && !publishAt.endsWith('Z'))
      return refuse(400, CONTENT_MESSAGES.badPublishAt, values, { publishAt: CONTENT_MESSAGES.badPublishAt });
    const publishing: Publishing =
      intent === 'save'
        ? { status: 'published' }
        : { status: 'draft', ...(publishAt === undefined ? {} : { publish_at: publishAt }) };
    const saving = save(kind, edit, id, values, staff.username, publishing);
    if (!saving.ok) return saving.refusal;
    const done = intent === 'save' ? 'saved' : publishAt ? 'scheduled' : 'drafted';
    return answer(await saving.saving, `${service.item(id)}?done=${done}`);
  }
  if (intent === 'publish') {
    const opened = versionFrom(values);
    if ('refusal' in opened) return opened.refusal;
    return answer(await edit.publish(kind, id, opened.version, staff.username), `${service.item(id)}?done=published`);
  }
  if (intent === 'preview-link') {
    const link = await edit.previewLink(kind, id);
    if (!link.ok) return answerResult(link, () => '', values, { headers });
    const to = `${service.item(id)}?done=preview&preview=${encodeURIComponent(link.value.path)}`;
    return answerResult(link, () => to, values, { headers });
  }
  if (intent === 'restore') {
    const parsed = restoreSchema.safeParse({ historyId: Number(values.historyId), version: Number(values.version) });
    if (!parsed.success) return refuse(400, 'Choose a version to restore.', values);
    const restoring =
      kind === 'faq'
        ? edit.restoreFaq(id, parsed.data.version, parsed.data.historyId, staff.username)
        : edit.restoreEntry(id, parsed.data.version, parsed.data.historyId, staff.username);
    return answer(await restoring, `${service.item(id)}?done=restored`);
  }
  if (intent === 'delete') {
    const opened = versionFrom(values);
    if ('refusal' in opened) return opened.refusal;
    return answer(await edit.trash(kind, id, opened.version, staff.username), `${service.list()}?done=deleted`);
  }
  return refuse(400, 'Unknown action.', values);
}
