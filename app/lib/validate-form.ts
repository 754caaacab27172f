// Checks a form in the browser with the schema the server uses (STYLE 4). It pulls in zod, so
// forms load it on first use (loadCheck in form-fields.ts); the demo's schema, with its phone
// metadata, is a chunk of its own (validate-demo.ts).
import type { z } from 'zod';
import { fieldErrors, feedbackSchema, newsletterSchema, signInSchema } from '../../common/schemas.ts';
import { contactSchema } from '../../common/contact-schema.ts';

export type Validation<T = Record<string, unknown>> =
  { ok: true; data: T } | { ok: false; errors: Record<string, string> };
export type Check = (input: unknown) => Validation;

export function checkWith(schema: z.ZodType): Check {
  return (input) => {
    const parsed = schema.safeParse(input);
    return parsed.success
      ? { ok: true, data: parsed.data as Record<string, unknown> }
      : { ok: false, errors: fieldErrors(parsed.error) };
  };
}

export const CHECKS = {
  signIn: checkWith(signInSchema),
  contact: checkWith(contactSchema),
  feedback: checkWith(feedbackSchema),
  newsletter: checkWith(newsletterSchema),
};
