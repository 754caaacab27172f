// The one server-side form contract (STYLE 4), for the public forms posted without JavaScript and
// the Content area alike: read the body → check the CSRF field against the visitor's cookie →
// parse with the common schema → call the service → the form again with its field errors (400, or
// the refusal's own status) or a redirect (303). The steps are separate functions, so an area that
// adds a step (the Content area's staff sign-in) runs the same ones around it; postForm() chains
// them for the public forms.
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { IDEMPOTENCY_FIELD } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { fieldErrors } from '../../common/schemas.ts';
import { REFUSAL_STATUS, type Result } from '../../server/refusal.ts';
import type { AppContext } from './app-context.ts';
import { BACK_FIELD, CSRF_FIELD, type FormFailure } from './form-fields.ts';
import { safeBackPath } from './form-results.ts';

/** The hidden fields every native form carries besides its own. */
export const META_FIELDS: ReadonlySet<string> = new Set([CSRF_FIELD, BACK_FIELD, IDEMPOTENCY_FIELD]);

const NO_STORE = { 'Cache-Control': 'no-store' };

export type FormPost = { form: FormData; values: Record<string, string>; back: string; key: string | undefined };

/** A refusal to show: the form again with the alert `message`, each field's message, what was
 * typed and, for a version clash, the stored text to compare with. */
export function refuse(
  status: number,
  message: string,
  values: Record<string, string> = {},
  errors: Record<string, string> = {},
  current?: Record<string, string> | null,
) {
  const failure: FormFailure =
    current === undefined ? { message, errors, values } : { message, errors, values, current };
  return data<FormFailure>(failure, { status, headers: NO_STORE });
}
export type FormRefusal = ReturnType<typeof refuse>;

/** Step 1 and 2: reads a posted form, or the refusal to return when it cannot be read or its CSRF
 * token is not this visitor's (403: the page offers the form again with a fresh token). */
export async function readFormPost(
  request: Request,
  context: AppContext,
  fallbackBack: string,
): Promise<{ ok: true; post: FormPost } | { ok: false; refusal: FormRefusal }> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { ok: false, refusal: refuse(400, MESSAGES.badRequest) };
  }
  if (!context.csrf.verify(form.get(CSRF_FIELD))) return { ok: false, refusal: refuse(403, MESSAGES.csrf) };
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === 'string' && !META_FIELDS.has(name)) values[name] = value;
  }
  const key = form.get(IDEMPOTENCY_FIELD);
  return {
    ok: true,
    post: {
      form,
      values,
      back: safeBackPath(form.get(BACK_FIELD), fallbackBack),
      key: typeof key === 'string' && key ? key : undefined,
    },
  };
}

/** Step 3: the input parsed with the form's common schema, or the form again with each field's
 * message under the form's own alert (spec 8: 'Book Demo Error!', 'Error!'...). */
export function parseForm<S extends z.ZodType>(
  schema: S,
  input: unknown,
  alert: string,
  shown: Record<string, string>,
): { ok: true; value: z.output<S> } | { ok: false; refusal: FormRefusal } {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, refusal: refuse(400, alert, shown, fieldErrors(parsed.error)) };
}

/** Step 5: a service's result as the page's answer: a 303 to `to(value)`, or the refusal's
 * message and field messages with its status (a version clash may bring the stored text). */
export function answerResult<T>(
  result: Result<T>,
  to: (value: T) => string,
  shown: Record<string, string>,
  options: { headers?: HeadersInit; current?: Record<string, string> | null } = {},
) {
  if (result.ok) return redirect(to(result.value), { status: 303, headers: options.headers });
  return refuse(
    REFUSAL_STATUS[result.kind],
    result.message,
    shown,
    result.fields ?? {},
    result.kind === 'conflict' ? options.current : undefined,
  );
}

/** The whole contract for a public form: read, CSRF, parse, the service, then the result page or
 * the form again. `input` turns the post into what the schema and the service take (the text
 * values by default); `shown` is what goes back into the fields (never a password). */
export async function postForm<S extends z.ZodType, T>(
  request: Request,
  context: AppContext,
  form: {
    back: string;
    schema: S;
    alert: string;
    input?: (post: FormPost) => Promise<unknown> | unknown;
    /** Refuses a post the schema cannot see is wrong (an unexpected field), before parsing. */
    check?: (post: FormPost) => FormRefusal | null;
    run: (input: unknown, post: FormPost) => Promise<Result<T>>;
    redirect: (value: T, post: FormPost) => string;
  },
) {
  const read = await readFormPost(request, context, form.back);
  if (!read.ok) return read.refusal;
  const { post } = read;
  const unexpected = form.check?.(post);
  if (unexpected) return unexpected;
  const input = form.input ? await form.input(post) : post.values;
  const parsed = parseForm(form.schema, input, form.alert, post.values);
  if (!parsed.ok) return parsed.refusal;
  // The service parses again: it is the same rule for the API, which has no page to parse first.
  const attributed = { ...(input as Record<string, unknown>), attribution: postedAttribution(request, post) };
  return answerResult(await form.run(attributed, post), (value) => form.redirect(value, post), post.values);
}

/** Where a post without JavaScript came from (decision 051): the tab's landing page and tags live
 * in the browser's storage, which a native post cannot read, so only the form's own page (the
 * Referer's path on this site, else the page the form was shown on) and a Referer from another
 * site. The intake checks both like any attribution. */
export function postedAttribution(request: Request, post: Pick<FormPost, 'back'>): Record<string, string> {
  const own = new URL(request.url);
  const header = request.headers.get('referer');
  let referer: URL | null = null;
  try {
    referer = header ? new URL(header) : null;
  } catch {
    referer = null;
  }
  if (referer && referer.host === own.host) return { page: referer.pathname };
  const page = post.back.replace(/[?#].*$/s, '');
  return referer && header ? { page, referrer: header } : { page };
}
