// What every native form needs from the server render: its input attributes (derived from the
// schemas, form-rules.server.ts) and the visitor's CSRF token for the hidden `_csrf` field. The
// root loader provides them; forms read them here.
import { useRouteLoaderData } from 'react-router';

/** HTML attributes of one input, derived from its schema field. */
export type FieldRule = { required?: boolean; maxLength?: number; type?: 'email' };

export type FormName = 'signIn' | 'demo' | 'contact' | 'feedback' | 'newsletter';

/** The product-news checkbox's label and the storage notice (content/privacy.yaml `forms`). */
export type PrivacyCopy = { consentLabel: string; storageNotice: string; noticeLink: string };

/** What the root loader returns under `forms`. */
export type FormSettings = {
  csrfToken: string;
  /** The key a native post of any form on this page carries (each form kind keeps its own keys). */
  idempotencyKey: string;
  rules: Record<FormName, Record<string, FieldRule>>;
  privacy: PrivacyCopy;
};

/** What a page shows after a refused native post: the alert, each field's message, what was typed,
 * and after a version clash (the Content area) the stored text to compare with. */
export type FormFailure = {
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  current?: Record<string, string> | null;
};

/** The name of the hidden field that carries the CSRF token in a native post. */
export const CSRF_FIELD = '_csrf';
/** The name of the hidden field that says where the visitor posted from, for the result page's link back. */
export const BACK_FIELD = '_back';

export function useFormSettings(): FormSettings | undefined {
  return useRouteLoaderData<{ forms?: FormSettings }>('root')?.forms;
}

/** The attributes of each field of a form; empty ones when the root data is missing (error pages)
 * or the form is none of the public ones (the staff forms give theirs on the control). */
export function useFieldRules(form: FormName | undefined): Record<string, FieldRule> {
  const rules = useFormSettings()?.rules;
  return (form && rules?.[form]) || {};
}

/** A form's schema check, loaded on first use so zod is not in the first script of any page. */
export const loadCheck = (form: FormName) =>
  form === 'demo'
    ? import('./validate-demo.ts').then((module) => module.check)
    : import('./validate-form.ts').then((module) => module.CHECKS[form]);
/** The API client, loaded on first use by the forms every page shows (footer, contact). */
export const loadApiClient = () => import('./api-client.ts');
