// The one form pattern (STYLE 16): the state every enhanced form goes through, written once.
// Values (kept when typed before hydration, refilled after a refused native post), the schema's
// messages in the spec's words, shown when a touched field is left and for every field on submit,
// the status 1/2/3 with its alert, the call with its idempotency key, the answer read through one
// reader (api-client.ts) into the spec's catalogue (section 8), and the result for the modal.
// Each form says only its fields, its endpoint and its words. The staff forms (the inbox) use it
// too, through inbox/use-staff-form.ts: their own check, the server's per-field refusals, drafts.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { HONEYPOT_FIELD, SubmissionStatus } from '../../common/constants.ts';
import type { SubmissionResult } from '../components/ui/result-modal.tsx';
import type { ApiResult, Sent } from './api-client.ts';
import { type FormFailure, type FormName, loadApiClient, loadCheck, useFieldRules } from './form-fields.ts';
import type { Check } from './validate-form.ts';
import { useHydrated } from './use-hydrated.ts';
import { useTypedEarly } from './use-typed-early.ts';
import { track } from './analytics/track.ts';
import { formAttribution } from './analytics/attribution.ts';

type Value = string | boolean | File | null;
export type FormValues = Record<string, Value>;
type Data = Record<string, unknown>;

/** What the form says for each outcome (spec 8). */
export type Answers = {
  /** The alert when the check in the browser refuses the form; none: the fields' messages say it. */
  invalid?: string;
  /** A failed call, or a refusal whose own words are not shown. */
  failed: string;
  /** The success message; with `ownSuccess`, the server's when it sent one (the demo). */
  success: string;
  ownSuccess?: boolean;
  /** The refusal whose message from the server is shown: ErrorInfo (feedback, contact), ERROR
   * (sign-in) or the inbox's {errorInfo}. */
  serverMessage?: 'ERROR' | 'ErrorInfo' | 'errorInfo';
};

export type FormConfig<V extends FormValues> = {
  /** A public form: its schema's check and its fields' attributes, by name. */
  form?: FormName;
  /** Or the form's own check, loaded on first use (the staff forms); with neither, none. */
  check?: () => Promise<Check>;
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
  /** The call, with the API client (loaded on first use), the schema's output (trimmed, emails
   * lowercased) and the idempotency key. */
  send: (api: typeof import('./api-client.ts'), data: Data, key: string) => Promise<ApiResult>;
  /** Whether an answer is the success, with its side effects (sign-in keeps the tokens). */
  accept?: (answer: ApiResult, data: Data) => boolean;
  /** The success message made from the answer (the inbox's bulk change counts what it changed). */
  said?: (answer: ApiResult, data: Data) => string;
  /** The fields a refusal names, with the server's words (the inbox's 400 about the note). */
  refused?: (answer: ApiResult) => Record<string, string> | undefined;
  /** Keeps the values in this browser's storage under this key as they are typed: restored on
   * return (a sign-in that ended, a reload), cleared once sent (the inbox's note drafts). */
  draft?: string;
  /** Values that stay after a success (the demo's country). */
  keep?: (values: V) => Partial<V>;
  /** After the result modal has closed, saying whether it showed a success. */
  onClosed?: (succeeded: boolean) => void;
};

/** A refused native post's values for this form's fields (a box is posted only when ticked; a
 * file is never posted back). */
function refilled<V extends FormValues>(initial: V, failure: FormFailure | null | undefined): V {
  const values: FormValues = { ...initial };
  for (const [name, empty] of Object.entries(initial)) {
    const posted = failure?.values[name];
    if (posted !== undefined && empty !== null) values[name] = typeof empty === 'boolean' || posted;
  }
  return values as V;
}

const draftKey = (key: string) => `haulora:draft:${key}`;

/** The stored draft's values, or none (no storage, or storage switched off). */
function readDraft(key: string | undefined): FormValues {
  try {
    return key ? (JSON.parse(localStorage.getItem(draftKey(key)) ?? '{}') as FormValues) : {};
  } catch {
    return {};
  }
}

/** Keeps the typed values, or forgets them once nothing is typed. */
function writeDraft(key: string | undefined, values: FormValues) {
  if (!key) return;
  try {
    if (Object.values(values).some((value) => value !== '' && value !== false && value !== null))
      localStorage.setItem(draftKey(key), JSON.stringify(values));
    else localStorage.removeItem(draftKey(key));
  } catch {
    // Storage full or switched off: the form still works, only without a draft.
  }
}

/** The value a control shows now: typed before hydration, it is not yet in the state. */
function domValue(element: unknown): Value | undefined {
  if (!(element instanceof HTMLElement) || !('value' in element)) return undefined;
  const input = element as HTMLInputElement;
  return input.type === 'checkbox' ? input.checked : input.type === 'file' ? (input.files?.[0] ?? null) : input.value;
}

export function useForm<V extends FormValues>(config: FormConfig<V>) {
  const { form, initial, failure, answers } = config;
  const rules = useFieldRules(form);
  const loadRun = () => (config.check ? config.check() : form ? loadCheck(form) : Promise.resolve(passThrough));
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  // What was typed before hydration is put back into the controls (the one mechanism, issue 31);
  // the effect below then takes it into the state.
  const formId = useId();
  useTypedEarly(formId, formRef);
  const [values, setValues] = useState<V>(() => ({ ...refilled(initial, failure), ...readDraft(config.draft) }));
  const [errors, setErrors] = useState<Record<string, string>>(failure?.errors ?? {});
  // Fields whose message shows: those left after a change, or (true) all once submitted.
  const [shown, setShown] = useState<ReadonlySet<string> | true>(() => (failure ? true : new Set()));
  // The status alert (1 loading, 2 error, 3 success) and the result the modal shows until it closes.
  const [{ status, message, result }, setOutcome] = useState<{
    status: SubmissionStatus | null;
    message: string;
    result: SubmissionResult | null;
  }>(() => ({ status: failure ? SubmissionStatus.Error : null, message: failure?.message ?? '', result: null }));
  const touched = useRef(new Set<string>());
  const busy = useRef(false);
  // The key of the last body sent: sent again unchanged (a retry after a lost answer), it keeps
  // its key, so the server stores it once; a changed body is a new submission with a new key.
  const sent = useRef<Sent | null>(null);
  const latest = useRef({ values });
  latest.current = { values };

  // Whatever was typed before the scripts started is in the controls, not in the state: take it.
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const typed: FormValues = {};
    // Fields typed in and left already: their messages show, as they would have on leaving.
    const left: string[] = [];
    for (const name of Object.keys(initial)) {
      const control = element.elements.namedItem(name);
      const value = domValue(control);
      if (value !== undefined && value !== latest.current.values[name]) {
        typed[name] = value;
        touched.current.add(name);
        if (control !== document.activeElement) left.push(name);
      }
    }
    if (Object.keys(typed).length === 0) return;
    latest.current.values = { ...latest.current.values, ...typed };
    setValues(latest.current.values);
    if (left.length === 0) return;
    setShown((current) => (current === true ? current : new Set([...current, ...left])));
    void check(latest.current.values);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration: what was typed before the scripts ran
  }, []);

  async function check(next: V, honeypot = '') {
    // Without its code (it could not be fetched) a check while typing says nothing; a submit
    // fetched the code before it checks (below).
    const run = await loadRun().catch(() => null);
    if (!run) return null;
    const input = { ...(config.input?.(next) ?? next), ...(form ? { [HONEYPOT_FIELD]: honeypot } : {}) };
    const checked = run(input);
    const found = { ...(checked.ok ? {} : checked.errors), ...config.extraErrors?.(next) };
    setErrors(found);
    return checked.ok && Object.keys(found).length === 0 ? checked.data : null;
  }

  function set<K extends keyof V & string>(name: K, value: V[K]) {
    const next = { ...latest.current.values, [name]: value };
    latest.current.values = next;
    setValues(next);
    writeDraft(config.draft, next);
    touched.current.add(name);
    if (shown === true || shown.size > 0) void check(next);
  }

  function leave(name: string) {
    if (shown === true || !touched.current.has(name) || shown.has(name)) return;
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
      // What a submit runs (the schema check, the API client) comes on first use, and a file
      // that failed once fails for the rest of the page's life. When it cannot come, a form the
      // server takes without JavaScript is posted to it as such (a new release replaced the
      // file); offline, or a form without that, the sending failed, said as for a call whose
      // answer never came, and the values stay.
      const ready = await Promise.all([loadRun(), loadApiClient()]).then(
        () => true,
        () => false,
      );
      if (!ready && navigator.onLine && element.getAttribute('action'))
        return HTMLFormElement.prototype.submit.call(element);
      if (!ready) return finish({ status: SubmissionStatus.Error, message: answers.failed });
      setShown(true);
      const current = latest.current.values;
      const data = await check(current, honeypot instanceof HTMLInputElement ? honeypot.value : '');
      if (!data) return finish({ status: SubmissionStatus.Error, message: answers.invalid ?? '' });
      setOutcome({ status: SubmissionStatus.Loading, message: config.loading, result: null });
      const api = await loadApiClient();
      sent.current = api.keyFor(sent.current, data);
      // A public form says where its visitor came from (issue 30); not part of the idempotency key.
      const body = config.form && config.form !== 'signIn' ? { ...data, attribution: formAttribution() } : data;
      const answer = await config.send(api, body, sent.current.key);
      const accepted = config.accept ? config.accept(answer, data) : answer.kind === 'success';
      const outcome = api.outcomeOf(answer, answers, accepted);
      // A refusal about fields is shown as the browser's own would be: on the fields.
      const refused = accepted ? undefined : config.refused?.(answer);
      if (refused) setErrors(refused);
      if (refused) finish({ status: SubmissionStatus.Error, message: answers.invalid ?? '' });
      else finish(accepted && config.said ? { ...outcome, message: config.said(answer, data) } : outcome);
      if (accepted) {
        if (config.form && config.form !== 'signIn') track('form_submitted', { form: config.form });
        sent.current = null;
        element.reset();
        const after = { ...initial, ...config.keep?.(current) };
        latest.current.values = after;
        setValues(after);
        writeDraft(config.draft, {});
        touched.current.clear();
        setShown(new Set());
      }
    } finally {
      busy.current = false;
    }
  }

  function finish(outcome: SubmissionResult) {
    setOutcome({ ...outcome, result: outcome });
  }

  function closeResult() {
    setOutcome((current) => ({ ...current, result: null }));
    config.onClosed?.(result?.status === SubmissionStatus.Success);
  }

  const error = (name: string) => (shown === true || shown.has(name) ? errors[name] : undefined);
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
    formId,
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
      loadRun().catch(() => undefined);
      loadApiClient().catch(() => undefined);
    },
  };
}
const passThrough: Check = (input) => ({ ok: true, data: input as Data });

/** What the form's frame (form-shell.tsx) reads, the same for every form. */
export type FormState = Pick<
  ReturnType<typeof useForm>,
  'formRef' | 'formId' | 'hydrated' | 'status' | 'message' | 'result' | 'onSubmit' | 'closeResult' | 'preload'
>;
