// The staff sign-in form (spec 4, 5, 7, 8), in the navbar's modal and on /sign-in. Without
// JavaScript it posts to /sign-in; once hydrated it calls POST /api/SignIn and keeps the tokens
// in session storage. Submit stays disabled until both fields have text; values are trimmed.
import { href, useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '../../../common/messages.ts';
import type { FormFailure } from '../../lib/form-fields.ts';
import { safeBackPath } from '../../lib/form-results.ts';
import { isTokens, setSignedInUser, storeTokens } from '../../lib/session.ts';
import { useForm } from '../../lib/use-form.ts';
import { Button } from '../ui/button.tsx';
import { InputField } from '../ui/field.tsx';
import { FormShell } from './form-shell.tsx';

type SignInFormProps = {
  failure?: FormFailure | null | undefined;
  /** Called once the success has been shown (the modal closes then). */
  onSignedIn?: () => void;
};

export function SignInForm({ failure, onSignedIn }: SignInFormProps) {
  // Where to go once signed in (/sign-in?next=/inbox): only a path on this site.
  const navigate = useNavigate();
  const next = safeBackPath(new URLSearchParams(useLocation().search).get('next'), '') || null;
  const form = useForm({
    form: 'signIn',
    initial: { username: '', password: '' },
    failure,
    loading: 'Signing you in…',
    answers: {
      invalid: MESSAGES.allFieldsRequired,
      failed: MESSAGES.signInError,
      success: MESSAGES.signInSuccess,
      serverMessage: 'ERROR',
    },
    // Signing in is no submission to store: a repeat is a new sign-in, so no key is sent.
    send: (api, data) => api.apiPostJson('/api/SignIn', data),
    accept: (answer, data) => {
      if (answer.kind !== 'data' || !isTokens(answer.data)) return false;
      storeTokens(answer.data);
      const username = String(data.username);
      const bearer = answer.data.access_token;
      setSignedInUser(username);
      // Which role the new sign-in has (issue 19), for the navbar's Content link.
      void import('../../lib/api-client.ts').then(async ({ apiGet }) => {
        const checked = await apiGet<{ role?: string }>('/api/ValidateToken', { bearer });
        if (checked.kind === 'data' && checked.data?.role) setSignedInUser(username, checked.data.role);
      });
      return true;
    },
    onClosed: (succeeded) => {
      if (succeeded) onSignedIn?.();
      if (succeeded && next) navigate(next, { replace: true });
    },
  });
  const bothFilled = form.values.username !== '' && form.values.password !== '';
  return (
    <FormShell
      form={form}
      action={href('/sign-in')}
      title="Sign in"
      honeypot={false}
      actions={
        <div className="form-actions">
          <Button type="submit" disabled={form.hydrated && !bothFilled}>
            Sign In
          </Button>
        </div>
      }
    >
      <InputField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...form.field('username')}
        data-autofocus
      />
      <InputField type="password" label="Password" autoComplete="current-password" {...form.field('password')} />
    </FormShell>
  );
}
