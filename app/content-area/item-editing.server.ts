// The loader and action of one Content item's page, the same for an FAQ item and a glossary entry
// (routes/content-faq.tsx, routes/content-glossary-entry.tsx): the form contract of
// app/lib/forms.server.ts (read, CSRF, the staff sign-in, parse with the common schema, the
// service's Result, then field errors or a 303), with save, restore and delete.
import { data, href } from 'react-router';
import { type ContentKind, faqUpdateSchema, glossaryUpdateSchema, restoreSchema } from '../../common/content.ts';
import type { Result } from '../../server/refusal.ts';
import type { AppContext } from '../lib/app-context.ts';
import { idFrom, readContentPost, signedOut, staffFor, versionFrom } from '../lib/content-area.server.ts';
import { answerResult, parseForm, refuse } from '../lib/forms.server.ts';
import { ITEM_KINDS } from './item-kinds.ts';

type Edit = AppContext['services']['contentEditing'];

/** Each kind's service calls and paths. */
const SERVICE = {
  faq: {
    find: (edit: Edit, id: number) => edit.faq(id),
    save: (edit: Edit, id: number, values: Record<string, string>, username: string, alert: string) => {
      const parsed = parseForm(
        faqUpdateSchema,
        {
          question: values.question,
          answer: values.answer,
          hidden: values.hidden === 'on',
          version: Number(values.version),
        },
        alert,
        values,
      );
      if (!parsed.ok) return parsed;
      const { version, ...fields } = parsed.value;
      return { ok: true as const, saving: edit.updateFaq(id, version, fields, username) as Promise<Result<unknown>> };
    },
    restore: (edit: Edit, id: number, version: number, historyId: number, username: string) =>
      edit.restoreFaq(id, version, historyId, username) as Promise<Result<unknown>>,
    remove: (edit: Edit, id: number, version: number, username: string) =>
      edit.deleteFaq(id, version, username) as Promise<Result<unknown>>,
    list: () => href('/content/faq'),
    item: (id: number) => href('/content/faq/:id', { id: String(id) }),
  },
  glossary: {
    find: (edit: Edit, id: number) => edit.entry(id),
    save: (edit: Edit, id: number, values: Record<string, string>, username: string, alert: string) => {
      const parsed = parseForm(
        glossaryUpdateSchema,
        {
          category: values.category,
          term: values.term,
          description: values.description,
          version: Number(values.version),
        },
        alert,
        values,
      );
      if (!parsed.ok) return parsed;
      const { version, ...fields } = parsed.value;
      return { ok: true as const, saving: edit.updateEntry(id, version, fields, username) as Promise<Result<unknown>> };
    },
    restore: (edit: Edit, id: number, version: number, historyId: number, username: string) =>
      edit.restoreEntry(id, version, historyId, username) as Promise<Result<unknown>>,
    remove: (edit: Edit, id: number, version: number, username: string) =>
      edit.deleteEntry(id, version, username) as Promise<Result<unknown>>,
    list: () => href('/content/glossary'),
    item: (id: number) => href('/content/glossary/:id', { id: String(id) }),
  },
} as const;

const DONE: Record<string, string> = {
  saved: 'Saved. The site shows it now.',
  restored: 'Earlier version restored. The site shows it now.',
};

export async function itemLoader(kind: ContentKind, request: Request, app: AppContext, idParam: string | undefined) {
  const staff = await staffFor(request, app);
  if (!staff) return signedOut(app);
  const id = idFrom(idParam);
  const item = id ? await SERVICE[kind].find(app.services.contentEditing, id) : null;
  if (!item) throw data('Not found', { status: 404 });
  const history = await app.services.contentEditing.history(kind, item.id);
  const done = DONE[new URL(request.url).searchParams.get('done') ?? ''] ?? null;
  return data(
    { signedIn: true as const, username: staff.username, csrfToken: app.csrf.token, item, history, done },
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
  // On a version clash the stored text comes back beside what was typed.
  const current = async () => {
    const item = await service.find(edit, id);
    return item ? { ...ITEM_KINDS[kind].values(item), version: String(item.version) } : null;
  };
  const answer = async (result: Result<unknown>, to: string) =>
    answerResult(result, () => to, values, { headers, current: result.ok ? null : await current() });
  if (intent === 'save') {
    const saving = service.save(edit, id, values, staff.username, 'Please correct the fields below.');
    if (!saving.ok) return saving.refusal;
    return answer(await saving.saving, `${service.item(id)}?done=saved`);
  }
  if (intent === 'restore') {
    const parsed = restoreSchema.safeParse({ historyId: Number(values.historyId), version: Number(values.version) });
    if (!parsed.success) return refuse(400, 'Choose a version to restore.', values);
    return answer(
      await service.restore(edit, id, parsed.data.version, parsed.data.historyId, staff.username),
      `${service.item(id)}?done=restored`,
    );
  }
  if (intent === 'delete') {
    const opened = versionFrom(values);
    if ('refusal' in opened) return opened.refusal;
    return answer(await service.remove(edit, id, opened.version, staff.username), `${service.list()}?done=deleted`);
  }
  return refuse(400, 'Unknown action.', values);
}
