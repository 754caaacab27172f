// The one form pattern (STYLE 16): the state every enhanced form goes through, written once.
// Values (kept when typed before hydration, refilled after a refused native post), the schema's
// messages in the spec's words, shown when a touched field is left and for every field on submit,
// the status 1/2/3 with its alert, the call with its idempotency key, the answer read through one
// reader (api-client.ts) into the spec's catalogue (section 8), and the result for the modal.
// Each form says only its fields, its endpoint and its words.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { HONEYPOT_FIELD, SubmissionStatus } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import type { SubmissionResult } from '../components/ui/result-modal.tsx';
import type { ApiResult } from './api-client.ts';
import { type FormFailure, type FormName, loadApiClient, loadCheck, useFieldRules } from './form-fields.ts';
import { useHydrated } from './use-hydrated.ts';
import type { Check } from './validate-form.ts';

type Value = string | boolean | File | null;
export type FormValues = Record<string, Value>;
type Data = Record<string, unknown>;

/** What the form says for each outcome (spec 8). */
export type Answers = {
  /** The alert when the check in the browser refuses the form. */
  invalid: string;
  /** A failed call, or a refusal whose own words are not shown. */
  failed: string;
  /** The success message; null shows the server's (the demo), or 'Success!' when it sent none. */
  success: string | null;
  /** The refusal whose message from the server is shown: ErrorInfo (feedback, contact) or ERROR (sign-in). */
  serverMessage?: 'ERROR' | 'ErrorInfo';
};

export type FormConfig<V extends FormValues> = {
  form: FormName;
  /** Every field with its empty value: '' for text, false for a checkbox, null for a file. */
  initial: V;
  /** A refusal the server rendered after a post without JavaScript. */
  failure?: FormFailure | null | undefined;
  answers: Answers;
  /** The loading alert's words. */
  loading: string;
  /** What the schema checks, from the values (the demo's calling code); the values by default. */
  input?: (values: V) => Data;
  /** Checks beyond the schema (the contact image's size, known before uploading it). */
  extraErrors?: (values: V) => Record<string, string>;
  /** The call: the schema's output (trimmed, emails lowercased), the idempotency key, the values. */
  send: (data: Data, key: string, values: V) => Promise<ApiResult>;
  /** Whether an answer is the success, with its side effects (sign-in keeps the tokens). */
  accept?: (answer: ApiResult, data: Data) => boolean;
  /** Values that stay after a success (the demo's country). */
  keep?: (values: V) => Partial<V>;
  /** After the result modal has closed, saying whether it showed a success. */
  onClosed?: (succeeded: boolean) => void;
};

const checks = new Map<FormName, Promise<Check>>();
const checkFor = (form: FormName) => {
  let check = checks.get(form);
  if (!check) checks.set(form, (check = loadCheck(form)));
  return check;
};

/** A fresh idempotency key: 128 random bits (getRandomValues works on plain http too). */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A body as text, to see whether a send repeats the last one (a file by its name, size and type). */
const bodyText = (data: Data) => JSON.stringify(data, (_key, value: unknown) => (value instanceof Blob ? [value.size, value.type, (value as File).name] : value));

/** A refused native post's values for this form's fields (a ticked box posts 'yes' or 'on'). */
function refilled<V extends FormValues>(initial: V, failure: FormFailure | null | undefined): V {
  const values: FormValues = { ...initial };
  for (const [name, empty] of Object.entries(initial)) {
    const posted = failure?.values[name];
    if (posted === undefined) continue;
    if (typeof empty === 'string') values[name] = posted;
    else if (typeof empty === 'boolean') values[name] = ['yes', 'on', 'true'].includes(posted);
  }
  return values as V;
}

/** The value a control shows now: typed before hydration, it is not yet in the state. */
function domValue(element: unknown): Value | undefined {
  if (element instanceof HTMLInputElement && element.type === 'checkbox') return element.checked;
  if (element instanceof HTMLInputElement && element.type === 'file') return element.files?.[0] ?? null;
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return element.value;
  return undefined;
}

export function useForm<V extends FormValues>(config: FormConfig<V>) {
  const { form, initial, failure, answers } = config;
  const rules = useFieldRules(form);
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(() => refilled(initial, failure));
  const [errors, setErrors] = useState<Record<string, string>>(failure?.errors ?? {});
  // Fields whose message shows: left after a change, or all of them once submitted.
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set(Object.keys(failure?.errors ?? {})));
  const [attempted, setAttempted] = useState(Boolean(failure));
  const [status, setStatus] = useState<SubmissionStatus | null>(failure ? SubmissionStatus.Error : null);
  const [message, setMessage] = useState(failure?.message ?? '');
  const [result, setResult] = useState<SubmissionResult | null>(null);
  const touched = useRef(new Set<string>());
  const busy = useRef(false);
  // The key of the last body sent: sent again unchanged (a retry after a lost answer), it keeps
  // its key, so the server stores it once; a changed body is a new submission with a new key.
  const sent = useRef<{ key: string; body: string } | null>(null);
  const latest = useRef({ values, config });
  latest.current = { values, config };

  // Whatever was typed before the scripts started is in the controls, not in the state: take it.
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const typed: FormValues = {};
    for (const name of Object.keys(initial)) {
      const value = domValue(element.elements.namedItem(name));
      if (value !== undefined && value !== latest.current.values[name]) {
        typed[name] = value;
        touched.current.add(name);
      }
    }
    if (Object.keys(typed).length === 0) return;
    latest.current.values = { ...latest.current.values, ...typed };
    setValues(latest.current.values);
  }, []);

  async function check(next: V, honeypot = '') {
    const run = await checkFor(form);
    const input = { ...(config.input?.(next) ?? next), [HONEYPOT_FIELD]: honeypot };
    const checked = run(input);
    const found = { ...(checked.ok ? {} : checked.errors), ...config.extraErrors?.(next) };
    setErrors(found);
    return checked.ok && Object.keys(found).length === 0 ? checked.data : null;
  }

  function set<K extends keyof V & string>(name: K, value: V[K]) {
    const next = { ...latest.current.values, [name]: value };
    latest.current.values = next;
    setValues(next);
    touched.current.add(name);
    if (attempted || shown.size > 0) void check(next);
  }

  function leave(name: string) {
    if (!touched.current.has(name) || shown.has(name)) return;
    setShown(new Set([...shown, name]));
    void check(latest.current.values);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A second click while the first is on its way does nothing.
    if (busy.current) return;
    busy.current = true;
    const element = event.currentTarget;
    const honeypot = element.elements.namedItem(HONEYPOT_FIELD);
    try {
      setAttempted(true);
      const current = latest.current.values;
      const data = await check(current, honeypot instanceof HTMLInputElement ? honeypot.value : '');
      if (!data) return finish({ status: SubmissionStatus.Error, message: answers.invalid });
      setStatus(SubmissionStatus.Loading);
      setMessage(config.loading);
      setResult(null);
      const body = bodyText(data);
      if (sent.current?.body !== body) sent.current = { key: newKey(), body };
      const answer = await config.send(data, sent.current.key, current);
      const accepted = config.accept ? config.accept(answer, data) : answer.kind === 'success';
      if (accepted) {
        const own = answer.kind === 'success' ? answer.message : undefined;
        finish({ status: SubmissionStatus.Success, message: answers.success ?? own ?? MESSAGES.success });
        sent.current = null;
        element.reset();
        setValues({ ...initial, ...config.keep?.(current) });
        touched.current.clear();
        setShown(new Set());
        setAttempted(false);
      } else {
        const readable = answer.kind === answers.serverMessage && 'message' in answer ? answer.message : undefined;
        finish({ status: SubmissionStatus.Error, message: readable ?? answers.failed });
      }
    } finally {
      busy.current = false;
    }
  }

  function finish(outcome: SubmissionResult) {
    setStatus(outcome.status);
    setMessage(outcome.message);
    setResult(outcome);
  }

  function closeResult() {
    const succeeded = result?.status === SubmissionStatus.Success;
    setResult(null);
    config.onClosed?.(succeeded);
  }

  const error = (name: string) => (attempted || shown.has(name) ? errors[name] : undefined);
  /** What a control needs: its value, and the handlers that keep the state and the messages. */
  const bind = (name: keyof V & string) => ({
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as V[typeof name]),
    onBlur: () => leave(name),
  });
  /** What a Field or InputField needs, the control's props included. */
  const field = (name: keyof V & string) => ({ name, rule: rules[name], error: error(name), ...bind(name) });

  return {
    formRef,
    hydrated,
    values,
    /** The values as of the last change, for handlers that run before the next render. */
    current: () => latest.current.values,
    rules,
    status,
    message,
    result,
    error,
    field,
    bind,
    set,
    leave,
    onSubmit,
    closeResult,
    /** Forms on every page load what a submit needs on first focus, so it is there in time. */
    preload() {
      void checkFor(form);
      void loadApiClient();
    },
  };
}
/** What the form's frame (form-shell.tsx) reads, the same for every form. */
export type FormState = Pick<ReturnType<typeof useForm>, 'formRef' | 'hydrated' | 'status' | 'message' | 'result' | 'onSubmit' | 'closeResult' | 'preload'>;
