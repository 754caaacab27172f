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
export type FormSettings = { csrfToken: string; rules: Record<FormName, Record<string, FieldRule>>; privacy: PrivacyCopy };

/** What a page shows after a refused native post: the alert, each field's message, what was typed. */
export type FormFailure = { message: string; errors: Record<string, string>; values: Record<string, string> };

/** The name of the hidden field that carries the CSRF token in a native post. */
export const CSRF_FIELD = '_csrf';
/** The name of the hidden field that says where the visitor posted from, for the result page's link back. */
export const BACK_FIELD = '_back';

export function useFormSettings(): FormSettings | undefined {
  return useRouteLoaderData<{ forms?: FormSettings }>('root')?.forms;
}

/** The attributes of each field of a form; empty ones when the root data is missing (error pages). */
export function useFieldRules(form: FormName): Record<string, FieldRule> {
  return useFormSettings()?.rules[form] ?? {};
}

/** The schema checks, loaded on first use so zod is not in the first script of every page. */
export const loadValidation = () => import('./validate-form.ts');
/** The API client, loaded on first use by the forms every page shows (footer, contact). */
export const loadApiClient = () => import('./api-client.ts');
/** Forms on every page start loading what a submit needs on first focus, so it is there in time. */
export function preloadSubmission() {
  void loadValidation();
  void loadApiClient();
}

/** The values of a refused post to show again, for the fields a form has. */
export function refilled<T extends Record<string, string>>(empty: T, values: Record<string, string> | undefined): T {
  const filled: Record<string, string> = { ...empty };
  for (const key of Object.keys(empty)) {
    const value = values?.[key];
    if (value !== undefined) filled[key] = value;
  }
  return filled as T;
}
