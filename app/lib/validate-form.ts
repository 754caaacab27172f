// Checks a form in the browser with the schema the server uses (STYLE 4). It pulls in zod, so
// forms on every page (footer, contact) load it on first use: `await import(...)`.
import type { z } from 'zod';
import { fieldErrors } from '../../common/schemas.ts';

export { contactSchema, demoRequestSchema, feedbackSchema, newsletterSchema, signInSchema } from '../../common/schemas.ts';

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

export function validate<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const parsed = schema.safeParse(values);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
