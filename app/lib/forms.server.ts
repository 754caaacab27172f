// What every page action shares when a form is posted without JavaScript (STYLE 4): read the
// body, check the CSRF field against the visitor's cookie, hand back the text values and the
// idempotency key, and turn the intake's result (the same service function as the API's) into
// the result page or a refusal the page shows beside the fields.
import { data, redirect } from 'react-router';
import { IDEMPOTENCY_MESSAGES } from '../../common/api.ts';
import { IDEMPOTENCY_FIELD } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { fieldErrors } from '../../common/schemas.ts';
import type { IntakeResult } from '../../server/services/intake.ts';
import type { AppContext } from './app-context.ts';
import { BACK_FIELD, CSRF_FIELD, type FormFailure, type FormName } from './form-fields.ts';
import { outcomeOf, type ResultOutcome, resultPath, safeBackPath } from './form-results.ts';

/** The hidden fields every native form carries besides its own. */
export const META_FIELDS: ReadonlySet<string> = new Set([CSRF_FIELD, BACK_FIELD, IDEMPOTENCY_FIELD]);

export type FormPost = { form: FormData; values: Record<string, string>; back: string; key: string | undefined };

/** Reads a posted form, or answers the refusal to return when it cannot be read or its CSRF
 * token is not this visitor's (403: the page offers the form again with a fresh token). */
export async function readFormPost(
  request: Request,
  context: AppContext,
  fallbackBack: string,
): Promise<{ ok: true; post: FormPost } | { ok: false; refusal: ReturnType<typeof refuse> }> {
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
  return { ok: true, post: { form, values, back: safeBackPath(form.get(BACK_FIELD), fallbackBack), key: typeof key === 'string' && key ? key : undefined } };
}

/** A refusal with one message for the whole form. */
export function refuse(status: number, message: string, values: Record<string, string> = {}, errors: Record<string, string> = {}) {
  return data<FormFailure>({ message, errors, values }, { status });
}

/** The intake's result as the action's answer: the result page for a stored (or repeated)
 * submission, else the form again with the form's alert `message` (400, or 409 for a key used
 * with another body). `shown` is what goes back into the fields (never a password). */
export function answerPost(result: IntakeResult, form: FormName, post: FormPost, message: string, shown = post.values, outcome?: ResultOutcome) {
  switch (result.kind) {
    case 'done':
      return redirect(resultPath(form, outcome ?? outcomeOf(result.message), post.back), 303);
    case 'invalid':
      return refuse(400, message, shown, fieldErrors(result.error));
    case 'bad-image':
      return refuse(400, result.message, shown, { img: result.message });
    case 'bad-key':
      return refuse(400, MESSAGES.badRequest, shown);
    case 'conflict':
      return refuse(409, IDEMPOTENCY_MESSAGES.conflict, shown);
  }
}
