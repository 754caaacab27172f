// The Book a Demo form (spec 3, 4, 5, 8), in the navbar's modal and on /request-demo. Without
// JavaScript it posts to /request-demo; once hydrated it preselects the country from the
// browser's time zone, keeps the number to digits within the country's maximum length, and calls
// POST /api/RequestDemo with the number as '+CODE DIGITS'.
import { type ClipboardEvent, type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { href } from 'react-router';
import { SubmissionStatus } from '../../../common/constants.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { apiPostJson } from '../../lib/api-client.ts';
import { type FormFailure, refilled, useFieldRules } from '../../lib/form-fields.ts';
import { firstInvalidControl } from '../../lib/form-focus.ts';
import { browserTimeZone, countryForTimeZone, type DemoCountries, digitsOnly, maxLengthOf, phoneNumberPayload } from '../../lib/phone.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { demoRequestSchema, validate } from '../../lib/validate-form.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { InputField, TextareaField } from '../ui/field.tsx';
import { ResultModal } from '../ui/result-modal.tsx';
import { ConsentFields, wasTicked } from './consent-fields.tsx';
import { FormMeta, honeypotValue } from './form-meta.tsx';

const EMPTY = { name: '', job_title: '', company: '', country: '', number: '', email: '', text: '' };
type Values = typeof EMPTY;

/** Keys the number field takes (spec 5: digits and Backspace; Tab, arrows, Delete, Home, End and
 * Enter too, so the field stays usable from the keyboard; shortcuts like paste pass). */
const NUMBER_KEYS = new Set(['Backspace', 'Delete', 'Tab', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'Enter']);

type DemoFormProps = {
  countries: DemoCountries;
  failure?: FormFailure | null | undefined;
  /** Called once a success has been shown (the modal closes then). */
  onRequested?: () => void;
};

export function DemoForm({ countries, failure, onRequested }: DemoFormProps) {
  const rules = useFieldRules('demo');
  const hydrated = useHydrated();
  const submission = useSubmission(failure);
  const formRef = useRef<HTMLFormElement>(null);
  const phoneId = useId();
  const [values, setValues] = useState<Values>(() => refilled(EMPTY, failure?.values));
  // The optional product-news box: never part of the spec's payload unless ticked.
  const [consent, setConsent] = useState(() => wasTicked(failure?.values));
  const [errors, setErrors] = useState<Record<string, string>>(failure?.errors ?? {});
  const [attempted, setAttempted] = useState(false);

  const selected = countries.countries.find((country) => country.code === values.country);
  const numberMaxLength = maxLengthOf(selected);

  // Spec 4: the country follows the browser's time zone, unless the visitor already chose one.
  useEffect(() => {
    const country = countryForTimeZone(countries, browserTimeZone());
    if (country) setValues((current) => (current.country ? current : { ...current, country: country.code }));
  }, [countries]);

  function change(name: keyof Values, value: string) {
    const next = { ...values, [name]: value };
    if (name === 'country') next.number = next.number.slice(0, maxLengthOf(countries.countries.find((c) => c.code === value)));
    setValues(next);
    if (attempted) setErrors(payloadErrors(next));
  }

  function payload(current: Values, website: string) {
    const callingCode = countries.countries.find((country) => country.code === current.country)?.callingCode ?? '';
    return { ...current, country: callingCode, number: phoneNumberPayload(callingCode, current.number), website };
  }

  function payloadErrors(current: Values): Record<string, string> {
    const checked = validate(demoRequestSchema, payload(current, ''));
    return checked.ok ? {} : checked.errors;
  }

  function onNumberKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const allowed = /^[0-9]$/.test(event.key) || NUMBER_KEYS.has(event.key) || event.ctrlKey || event.metaKey;
    if (!allowed) event.preventDefault();
  }

  // Pasted text is reduced to its digits, then cut to the country's length.
  function onNumberPaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    const pasted = digitsOnly(event.clipboardData.getData('text'));
    change('number', (input.value.slice(0, start) + pasted + input.value.slice(end)).slice(0, numberMaxLength));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submission.busy) return;
    setAttempted(true);
    const checked = validate(demoRequestSchema, payload(values, honeypotValue(event.currentTarget)));
    if (!checked.ok) {
      setErrors(checked.errors);
      submission.finish({ status: SubmissionStatus.Error, message: MESSAGES.bookDemoError });
      return;
    }
    setErrors({});
    submission.start('Sending your request…');
    const result = await apiPostJson('/api/RequestDemo', { ...checked.data, marketing_consent: consent || undefined });
    if (result.kind === 'success') {
      submission.finish({ status: SubmissionStatus.Success, message: result.message });
      setValues((current) => ({ ...EMPTY, country: current.country }));
      setConsent(false);
      setAttempted(false);
    } else {
      submission.finish({ status: SubmissionStatus.Error, message: MESSAGES.bookDemoError });
    }
  }

  function closeResult() {
    const succeeded = submission.result?.status === SubmissionStatus.Success;
    submission.closeResult();
    if (succeeded) onRequested?.();
  }

  const phoneError = errors.country ?? errors.number;
  const text = (name: keyof Values) => ({
    name,
    rule: rules[name],
    error: errors[name],
    value: values[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  });

  return (
    <>
      <form ref={formRef} className="form" method="post" action={href('/request-demo')} noValidate={hydrated} onSubmit={submit}>
        <FormMeta />
        <p className="form-note">All fields are required, except the product news box.</p>
        <div className="form-row">
          <InputField label="Name" autoComplete="name" {...text('name')} data-autofocus />
          <InputField label="Job title" autoComplete="organization-title" {...text('job_title')} />
        </div>
        <div className="form-row">
          <InputField label="Company" autoComplete="organization" {...text('company')} />
          <InputField label="Work email" autoComplete="email" inputMode="email" {...text('email')} />
        </div>
        <fieldset className="phone-group" data-invalid={phoneError ? 'true' : undefined}>
          <legend className="field-label">Phone number</legend>
          <div className="phone-controls">
            <div className="field">
              <label className="field-label phone-label" htmlFor={`${phoneId}-country`}>
                Country
              </label>
              <select
                id={`${phoneId}-country`}
                name="country"
                className="field-control"
                autoComplete="country"
                required={rules.country?.required}
                aria-invalid={phoneError ? true : undefined}
                aria-describedby={phoneError ? `${phoneId}-error` : undefined}
                value={values.country}
                onChange={(event) => change('country', event.target.value)}
              >
                <option value="">Select your country</option>
                {countries.countries.map((country) => (
                  <option key={country.code} value={country.code}>
                    {`${country.name} (+${country.callingCode})`}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field-label phone-label" htmlFor={`${phoneId}-number`}>
                Number
              </label>
              <input
                id={`${phoneId}-number`}
                name="number"
                className="field-control"
                // type text, not tel: HTML allows the national-number autofill only on text controls.
                type="text"
                inputMode="numeric"
                autoComplete="tel-national"
                required={rules.number?.required}
                maxLength={numberMaxLength}
                aria-invalid={phoneError ? true : undefined}
                aria-describedby={phoneError ? `${phoneId}-error` : undefined}
                value={values.number}
                onKeyDown={onNumberKeyDown}
                onPaste={onNumberPaste}
                onChange={(event) => change('number', digitsOnly(event.target.value).slice(0, numberMaxLength))}
              />
            </div>
          </div>
          {phoneError ? (
            <p id={`${phoneId}-error`} className="field-error">
              {phoneError}
            </p>
          ) : null}
        </fieldset>
        <TextareaField label="What would you like to see?" {...text('text')} />
        <ConsentFields checked={consent} onChange={setConsent} />
        {submission.status ? (
          <Alert status={submission.status} announce={submission.status === SubmissionStatus.Loading}>
            {submission.message}
          </Alert>
        ) : null}
        <div className="form-actions">
          <Button type="submit">Book Demo</Button>
        </div>
      </form>
      <ResultModal result={submission.result} title="Book a demo" onClose={closeResult} returnFocus={() => firstInvalidControl(formRef.current)} />
    </>
  );
}
