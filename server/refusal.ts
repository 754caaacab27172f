// The one way a service says no (STYLE 20): every service answers `Result<T>`, a value or a typed
// refusal in the words a person reads. Exactly two mappings turn a refusal into an answer: the
// /api one (routes/api/refusal-answer.ts: the status below and the route's error shape) and the
// page actions' one (app/lib/forms.server.ts: the form again with its field errors, or a 303).
// A refusal is plain data, so it crosses the build boundary between the server and the bundled
// pages intact, where a class's instanceof would not.
import type { z } from 'zod';
import { fieldErrors, firstMessage } from '../common/schemas.ts';

export type RefusalKind = 'invalid' | 'not-found' | 'conflict' | 'forbidden';

export type Refusal = {
  ok: false;
  kind: RefusalKind;
  /** What the person reads: the spec's words where it has them. */
  message: string;
  /** A message per form field, where the refusal is about fields. */
  fields?: Record<string, string>;
};

export type Result<T> = { ok: true; value: T } | Refusal;

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export function refusal(kind: RefusalKind, message: string, fields?: Record<string, string>): Refusal {
  return fields ? { ok: false, kind, message, fields } : { ok: false, kind, message };
}

/** A schema's refusal: its first message (the one to fix first), and one message per field. */
export const invalidInput = (error: z.ZodError): Refusal => refusal('invalid', firstMessage(error), fieldErrors(error));

/** The HTTP status of each kind of refusal, for the API and the page actions alike. */
export const REFUSAL_STATUS: Record<RefusalKind, 400 | 403 | 404 | 409> = {
  invalid: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
};

/** Parses with a schema: the value, or the schema's refusal. */
export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): Result<z.output<S>> {
  const parsed = schema.safeParse(raw);
  return parsed.success ? ok(parsed.data) : invalidInput(parsed.error);
}

/** Inside a transaction a refusal must also undo what was written: abort() throws it, and
 * resultOf() around the transaction hands it back as the refusal. It never leaves a service. */
class Aborted extends Error {
  readonly refusal: Refusal;
  constructor(refused: Refusal) {
    super(refused.message);
    this.refusal = refused;
  }
}

export function abort(kind: RefusalKind, message: string): never {
  throw new Aborted(refusal(kind, message));
}

/** The work's value, or the refusal it aborted with; any other error is thrown on. */
export async function resultOf<T>(work: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await work());
  } catch (error) {
    if (error instanceof Aborted) return error.refusal;
    throw error;
  }
}
