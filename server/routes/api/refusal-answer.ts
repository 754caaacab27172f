// The one mapping from a service's refusal to an /api answer: its status (server/refusal.ts) with
// its message in the route's error shape (plugins/errors.ts writes the body).
import { PublicError } from '../../errors.ts';
import { REFUSAL_STATUS, type Result } from '../../refusal.ts';

/** The value of a result, or the refusal thrown as the answer it stands for. */
export function valueOf<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new PublicError(REFUSAL_STATUS[result.kind], result.message);
}

/** As valueOf, for a service call still under way. */
export const answered = async <T>(result: Promise<Result<T>>): Promise<T> => valueOf(await result);
