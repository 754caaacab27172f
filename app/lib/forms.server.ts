// What every page action shares when a form is posted without JavaScript (STYLE 4): read the
// body, check the CSRF field against the visitor's cookie, hand back the text values, and shape
// a refusal the page shows beside the fields. The actions then validate with the common schema
// and call the same service as the API.
import { data } from 'react-router';
import type { z } from 'zod';
import { MESSAGES } from '../../common/messages.ts';
import { fieldErrors } from '../../common/schemas.ts';
import type { AppContext } from './app-context.ts';
import { BACK_FIELD, CSRF_FIELD, type FormFailure } from './form-fields.ts';
import { safeBackPath } from './form-results.ts';

export type FormPost = { form: FormData; values: Record<string, string>; back: string };

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
    if (typeof value === 'string' && name !== CSRF_FIELD && name !== BACK_FIELD) values[name] = value;
  }
  return { ok: true, post: { form, values, back: safeBackPath(form.get(BACK_FIELD), fallbackBack) } };
}

/** A refusal with one message for the whole form. */
export function refuse(status: number, message: string, values: Record<string, string> = {}, errors: Record<string, string> = {}) {
  return data<FormFailure>({ message, errors, values }, { status });
}

/** Invalid input (400): the form's alert message and each field's first message. */
export function invalid(error: z.ZodError, message: string, values: Record<string, string>) {
  return refuse(400, message, values, fieldErrors(error));
}
