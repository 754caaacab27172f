// The one form pattern (use-form.ts) as the inbox's forms use it: the call is a staff call (the
// bearer token, one silent refresh on a 401), the answer is read in the inbox's shape
// ({errorInfo}: its words are shown, and a 400 puts them on the field it is about), a sign-in
// that is over sends the visitor to sign in and back, and the result is said in the form's
// status block (FormShell without a title). No idempotency key: a status or an owner set twice
// is set once, and a double click is caught by the pattern's one-call-at-a-time guard.
import type { ApiResult } from '../lib/api-client.ts';
import { FAILED_MESSAGE } from './inbox-client.ts';
import { type FormConfig, type FormValues, useForm } from '../lib/use-form.ts';
import type { STAFF_CHECKS } from '../lib/validate-staff.ts';
import { useSignInAgain } from './inbox-shell.tsx';

type Data = Record<string, unknown>;

type StaffFormConfig<V extends FormValues, T> = Pick<
  FormConfig<V>,
  'initial' | 'input' | 'extraErrors' | 'keep' | 'draft'
> & {
  /** The inbox schema that checks the values in the browser, if any. */
  check?: keyof typeof STAFF_CHECKS;
  /** The loading block's words. */
  loading: string;
  /** The staff call (inbox-client.ts), given the checked values. */
  send: (data: Data) => Promise<ApiResult<T>>;
  /** What the success says, from the answer and what was sent. */
  success: (answer: T, data: Data) => string;
  /** Takes the answer in (the submission as it is now). */
  saved?: (answer: T) => void;
  /** The field a 400 from the API is about. */
  field?: keyof V & string;
};

export function useStaffForm<V extends FormValues, T>(config: StaffFormConfig<V, T>) {
  const signInAgain = useSignInAgain();
  const { check, send, success, saved, field } = config;
  return useForm<V>({
    ...config,
    check: check ? () => import('../lib/validate-staff.ts').then((module) => module.STAFF_CHECKS[check]) : undefined,
    answers: { failed: FAILED_MESSAGE, success: '', serverMessage: 'errorInfo' },
    send: (_api, data) => send(data),
    accept: (answer) => {
      if (answer.status === 401) signInAgain();
      if (answer.kind !== 'data') return false;
      saved?.(answer.data as T);
      return true;
    },
    said: (answer, data) => success((answer as { data: T }).data, data),
    refused: (answer) =>
      field && answer.status === 400 && answer.kind === 'errorInfo' ? { [field]: answer.message } : undefined,
  });
}
