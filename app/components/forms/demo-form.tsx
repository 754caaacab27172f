// The Book a Demo form (spec 3, 4, 5, 8), in the navbar's modal and on /request-demo. Without
// JavaScript it posts to /request-demo; once hydrated it preselects the country from the
// browser's time zone, keeps the number to digits within the country's maximum count of digits
// (not an HTML maxlength, which counts the spaces of '0412 345 678' and cut it), and calls
// POST /api/RequestDemo with the number as '+CODE DIGITS'.
import { type ClipboardEvent, type KeyboardEvent, startTransition, useEffect, useId, useState } from 'react';
import { href } from 'react-router';
import type { Slot } from '../../../common/booking.ts';
import { isZoneName } from '../../../common/booking-time.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { SlotPicker } from '../../booking/slot-picker.tsx';
import type { FormFailure } from '../../lib/form-fields.ts';
import {
  browserTimeZone,
  countryForTimeZone,
  type CountryOption,
  maxLengthOf,
  nationalDigits,
  demoRequestInput,
} from '../../lib/country-options.ts';
import { requestCountries } from '../../lib/countries-request.ts';
import { useForm } from '../../lib/use-form.ts';
import { Button } from '../ui/button.tsx';
import { InputField, TextareaField } from '../ui/field.tsx';
import { ConsentFields } from './consent-fields.tsx';
import { FormShell } from './form-shell.tsx';

/** Keys the number field takes (spec 5: digits and Backspace; Tab, arrows, Delete, Home, End and
 * Enter too, so the field stays usable from the keyboard; shortcuts like paste pass). */
const NUMBER_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'Enter',
]);

type DemoFormProps = {
  /** The country options (spec 3), as the server rendered them. */
  countries: readonly CountryOption[];
  failure?: FormFailure | null | undefined;
  /** Called once a success has been shown (the modal closes then). */
  onRequested?: () => void;
  /** The same request for another purpose (issue 28: request an integration on /integrations):
   * its title and button, the message field's label, and the words put before the message so
   * the staff inbox shows what it is about. */
  variant?: { title: string; submit: string; textLabel: string; textPrefix: string };
  /** The optional time picker (issue 29): the free times the server rendered (the page) or none
   * (fetched), and the zone they are shown in until the browser's is known. */
  booking?: { slots?: readonly Slot[] | null; zone: string };
};

export function DemoForm({ countries, failure, onRequested, variant, booking }: DemoFormProps) {
  const phoneId = useId();
  // A new number fetches the free times again: after a time was taken, and after a booking.
  const [refresh, setRefresh] = useState(0);
  // The 409's words, shown by the picker until another time is chosen (the browser's check
  // knows nothing of it and would clear a field error).
  const [taken, setTaken] = useState('');
  const countryOf = (code: string) => countries.find((country) => country.code === code);
  const form = useForm({
    form: 'demo',
    initial: {
      name: '',
      job_title: '',
      company: '',
      country: '',
      number: '',
      email: '',
      text: '',
      marketing_consent: false as boolean,
      slot_start: '',
      time_zone: booking?.zone ?? '',
    },
    failure,
    loading: 'Sending your request…',
    answers: {
      invalid: MESSAGES.bookDemoError,
      failed: MESSAGES.bookDemoError,
      success: MESSAGES.success,
      ownSuccess: true,
    },
    // The API takes the country's calling code and the number as '+CODE DIGITS'.
    input: (values) => {
      const text = variant && values.text.trim() ? `${variant.textPrefix}${values.text}` : values.text;
      return demoRequestInput({ ...values, text }, countryOf(values.country)?.callingCode ?? '');
    },
    send: (api, data, key) =>
      api.apiPostJson(
        '/api/RequestDemo',
        { ...data, marketing_consent: data.marketing_consent || undefined },
        { idempotencyKey: key },
      ),
    // A time taken meanwhile (409): the picker says so and shows fresh times; nothing typed is lost.
    refused: (answer) => {
      if (answer.status !== 409 || answer.kind !== 'ERROR' || !answer.message) return undefined;
      setRefresh((count) => count + 1);
      setTaken(answer.message);
      return { slot_start: answer.message };
    },
    keep: (values) => ({ country: values.country, time_zone: values.time_zone }),
    onClosed: (succeeded) => {
      if (succeeded && booking) setRefresh((count) => count + 1);
      if (succeeded) onRequested?.();
    },
  });
  const numberMaxLength = maxLengthOf(countryOf(form.values.country));
  // An autofilled '+61 412 345 678' loses the country's '+CODE' before its digits are kept.
  function setNumber(text: string, max = numberMaxLength) {
    form.set('number', nationalDigits(text, countryOf(form.current().country)?.callingCode, max));
  }
  // A country with a shorter maximum cuts the number already typed.
  function changeCountry(code: string) {
    form.set('country', code);
    setNumber(form.current().number, maxLengthOf(countryOf(code)));
  }

  // The picker shows times in the browser's zone, unless the visitor chose one (a no-JS post).
  // The browser's own zone needs no asking of Intl whether it knows it: that built a formatter
  // in a locale the page had not loaded, 20 ms of the hydration's effects (75 ms at 4× throttle).
  // Both settings below are transitions: React renders the form again in slices it can pause for
  // the visitor's typing, not in one task after the hydration's effects (issue 32).
  useEffect(() => {
    const zone = browserTimeZone();
    if (booking && !failure?.values.time_zone && zone && isZoneName(zone))
      startTransition(() => form.set('time_zone', zone));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form first runs in the browser
  }, []);

  // Spec 4: the country follows the browser's time zone, unless the visitor already chose one.
  // The zones' countries come with the shared country list (asked for once per page load; the
  // modal has it already), not in the page's data: one lookup did not need 400 zone names
  // decoded while the page hydrates (issue 32).
  useEffect(() => {
    let current = true;
    void requestCountries().then((data) => {
      const country = data ? countryForTimeZone(data, browserTimeZone()) : undefined;
      if (current && country && !form.current().country) startTransition(() => form.set('country', country.code));
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form first runs in the browser; `form` is a new object each render
  }, []);

  function onNumberKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const allowed = /^[0-9]$/.test(event.key) || NUMBER_KEYS.has(event.key) || event.ctrlKey || event.metaKey;
    if (!allowed) event.preventDefault();
  }

  // Pasted text is reduced to its digits, then cut to the country's length.
  function onNumberPaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    setNumber(
      input.value.slice(0, start) +
        event.clipboardData.getData('text') +
        input.value.slice(input.selectionEnd ?? start),
    );
  }

  const phoneError = form.error('country') ?? form.error('number');
  const phoneControl = (name: 'country' | 'number') => ({
    id: `${phoneId}-${name}`,
    name,
    className: 'field-control',
    required: form.rules[name]?.required,
    'aria-invalid': phoneError ? true : undefined,
    'aria-describedby': phoneError ? `${phoneId}-error` : undefined,
    ...form.bind(name),
  });
  return (
    <FormShell
      form={form}
      action={href('/request-demo')}
      title={variant?.title ?? 'Book a demo'}
      actions={
        <div className="form-actions">
          <Button type="submit">{variant?.submit ?? 'Book Demo'}</Button>
        </div>
      }
    >
      <p className="form-note">All fields are required, except the product news box.</p>
      <div className="form-row">
        <InputField label="Name" autoComplete="name" {...form.field('name')} data-autofocus />
        <InputField label="Job title" autoComplete="organization-title" {...form.field('job_title')} />
      </div>
      <div className="form-row">
        <InputField label="Company" autoComplete="organization" {...form.field('company')} />
        <InputField label="Work email" autoComplete="email" inputMode="email" {...form.field('email')} />
      </div>
      <fieldset className="phone-group" data-invalid={phoneError ? 'true' : undefined}>
        <legend className="field-label">Phone number</legend>
        <div className="phone-controls">
          <div className="field">
            <label className="field-label phone-label" htmlFor={`${phoneId}-country`}>
              Country
            </label>
            <select
              autoComplete="country"
              {...phoneControl('country')}
              onChange={(event) => changeCountry(event.target.value)}
            >
              <option value="">Select your country</option>
              {countries.map((country) => (
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
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              data-max-digits={numberMaxLength}
              {...phoneControl('number')}
              onKeyDown={onNumberKeyDown}
              onPaste={onNumberPaste}
              onChange={(event) => setNumber(event.target.value)}
            />
          </div>
        </div>
        {phoneError ? (
          <p id={`${phoneId}-error`} className="field-error">
            {phoneError}
          </p>
        ) : null}
      </fieldset>
      <TextareaField label={variant?.textLabel ?? 'What would you like to see?'} {...form.field('text')} />
      {booking ? (
        <SlotPicker
          zone={form.values.time_zone}
          onZone={(zone) => form.set('time_zone', zone)}
          value={form.values.slot_start}
          onChange={(start) => {
            setTaken('');
            form.set('slot_start', start);
          }}
          onGone={() => form.set('slot_start', '')}
          error={form.error('slot_start') ?? form.error('time_zone') ?? (taken || undefined)}
          initialSlots={booking.slots}
          refresh={refresh}
          hydrated={form.hydrated}
          zoneAction={`${href('/request-demo')}#demo-times`}
        />
      ) : null}
      <ConsentFields
        checked={form.values.marketing_consent}
        onChange={(checked) => form.set('marketing_consent', checked)}
      />
    </FormShell>
  );
}
