// The staff sign-in form (spec 4, 5, 7, 8), in the navbar's modal and on /sign-in. Without
// JavaScript it posts to /sign-in; once hydrated it calls POST /api/SignIn and keeps the tokens
// in session storage. Submit stays disabled until both fields have text; values are trimmed.
import { type FormEvent, useRef, useState } from 'react';
import { href, useLocation, useNavigate } from 'react-router';
import { SubmissionStatus } from '../../../common/constants.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { apiPostJson } from '../../lib/api-client.ts';
import { type FormFailure, useFieldRules } from '../../lib/form-fields.ts';
import { firstInvalidControl } from '../../lib/form-focus.ts';
import { safeBackPath } from '../../lib/form-results.ts';
import { isTokens, setSignedInUser, storeTokens } from '../../lib/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { signInSchema, validate } from '../../lib/validate-form.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { InputField } from '../ui/field.tsx';
import { ResultModal } from '../ui/result-modal.tsx';
import { FormMeta } from './form-meta.tsx';

type SignInFormProps = {
  /** A refusal the server rendered after a post without JavaScript. */
  failure?: FormFailure | null | undefined;
  /** Called once the success has been shown (the modal closes then). */
  onSignedIn?: () => void;
};

export function SignInForm({ failure, onSignedIn }: SignInFormProps) {
  const rules = useFieldRules('signIn');
  const hydrated = useHydrated();
  const submission = useSubmission(failure);
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ username: failure?.values.username ?? '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>(failure?.errors ?? {});
  const [attempted, setAttempted] = useState(false);
  const bothFilled = values.username !== '' && values.password !== '';
  // Where to go once signed in (/sign-in?next=/inbox): only a path on this site.
  const navigate = useNavigate();
  const next = safeBackPath(new URLSearchParams(useLocation().search).get('next'), '') || null;

  function change(name: keyof typeof values, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    // After a first attempt the messages follow the typing.
    if (attempted) setErrors(validationErrors(next));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submission.busy) return;
    setAttempted(true);
    const checked = validate(signInSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      submission.finish({ status: SubmissionStatus.Error, message: MESSAGES.allFieldsRequired });
      return;
    }
    setErrors({});
    submission.start('Signing you in…');
    const result = await apiPostJson('/api/SignIn', checked.data);
    if (result.kind === 'data' && isTokens(result.data)) {
      storeTokens(result.data);
      setSignedInUser(checked.data.username);
      submission.finish({ status: SubmissionStatus.Success, message: MESSAGES.signInSuccess });
    } else if (result.kind === 'ERROR') {
      submission.finish({ status: SubmissionStatus.Error, message: result.message });
    } else {
      submission.finish({ status: SubmissionStatus.Error, message: MESSAGES.signInError });
    }
  }

  function closeResult() {
    const succeeded = submission.result?.status === SubmissionStatus.Success;
    submission.closeResult();
    if (succeeded) onSignedIn?.();
    if (succeeded && next) navigate(next, { replace: true });
  }

  return (
    <>
      <form ref={formRef} className="form" method="post" action={href('/sign-in')} noValidate={hydrated} onSubmit={submit}>
        <FormMeta honeypot={false} />
        <InputField
          name="username"
          label="Username"
          rule={rules.username}
          error={errors.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={(event) => change('username', event.target.value)}
          data-autofocus
        />
        <InputField
          name="password"
          type="password"
          label="Password"
          rule={rules.password}
          error={errors.password}
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
        />
        {submission.status ? (
          <Alert status={submission.status} announce={submission.status === SubmissionStatus.Loading}>
            {submission.message}
          </Alert>
        ) : null}
        <div className="form-actions">
          <Button type="submit" disabled={hydrated && !bothFilled}>
            Sign In
          </Button>
        </div>
      </form>
      <ResultModal result={submission.result} title="Sign in" onClose={closeResult} returnFocus={() => firstInvalidControl(formRef.current)} />
    </>
  );
}

function validationErrors(values: unknown): Record<string, string> {
  const checked = validate(signInSchema, values);
  return checked.ok ? {} : checked.errors;
}
