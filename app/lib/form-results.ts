// The result page of a form posted without JavaScript (/result): which outcomes it may announce,
// and the URL an action redirects to. An outcome names its text in MESSAGES, so the query string
// can never make the page show arbitrary words.
import { href } from 'react-router';
import { BOOKING_MESSAGES, formatSlot, INSTANT_PATTERN, isTimeZone } from '../../common/booking-time.ts';
import { SubmissionStatus } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import type { FormName } from './form-fields.ts';
import { sameOriginPath } from './redirect-target.ts';

/** Each outcome a result page shows, with its status (spec 4: 2 error, 3 success). */
export const RESULT_OUTCOMES = {
  success: SubmissionStatus.Success,
  demoThanks: SubmissionStatus.Success,
  signInSuccess: SubmissionStatus.Success,
  wrongCredentials: SubmissionStatus.Error,
  lockedOut: SubmissionStatus.Error,
} as const satisfies Partial<Record<keyof typeof MESSAGES, SubmissionStatus>>;
export type ResultOutcome = keyof typeof RESULT_OUTCOMES;

/** How each form is named on its result page. */
export const FORM_TITLES: Record<FormName, string> = {
  signIn: 'Sign in',
  demo: 'Book a demo',
  contact: 'Contact us',
  feedback: 'Feedback',
  newsletter: 'Newsletter',
};

const isFormName = (value: string | null): value is FormName => value !== null && Object.hasOwn(FORM_TITLES, value);
const isOutcome = (value: string | null): value is ResultOutcome =>
  value !== null && Object.hasOwn(RESULT_OUTCOMES, value);

/** The outcome whose message a service answered with (the demo's thank-you, say). */
export function outcomeForMessage(message: string): ResultOutcome {
  const outcome = (Object.keys(RESULT_OUTCOMES) as ResultOutcome[]).find((key) => MESSAGES[key] === message);
  if (!outcome) throw new Error(`No result outcome says: ${message}`);
  return outcome;
}

/** A path on this site to go back to; anything else (another site, a scheme, a control
 * character) falls back (redirect-target.ts). */
export function safeBackPath(value: unknown, fallback: string): string {
  return sameOriginPath(value, fallback);
}

export function resultPath(form: FormName, outcome: ResultOutcome, back: string): string {
  return `${href('/result')}?${new URLSearchParams({ form, outcome, back })}`;
}

/** The result page of a demo request that booked a time (issue 29): the time and the zone go in
 * the URL, and the page writes the booked message from them (never words from the URL). */
export function bookedResultPath(start: string, zone: string, back: string): string {
  return `${href('/result')}?${new URLSearchParams({ form: 'demo', outcome: BOOKED_OUTCOME, slot: start, tz: zone, back })}`;
}
const BOOKED_OUTCOME = 'demoBooked';

/** The booked message a result URL names, or null when it names none or a bad time or zone. */
function bookedMessage(url: URL): string | null {
  const start = url.searchParams.get('slot') ?? '';
  const zone = url.searchParams.get('tz') ?? '';
  if (!INSTANT_PATTERN.test(start) || Number.isNaN(Date.parse(start)) || !isTimeZone(zone)) return null;
  return BOOKING_MESSAGES.booked(formatSlot(start, zone), zone);
}

export type FormResult = { form: FormName; title: string; status: SubmissionStatus; message: string; back: string };

/** What a result page URL announces, or null for an unknown form or outcome. */
export function readResult(url: URL): FormResult | null {
  const form = url.searchParams.get('form');
  const outcome = url.searchParams.get('outcome');
  const booked = form === 'demo' && outcome === BOOKED_OUTCOME ? bookedMessage(url) : null;
  if (booked)
    return {
      form: 'demo',
      title: FORM_TITLES.demo,
      status: SubmissionStatus.Success,
      message: booked,
      back: safeBackPath(url.searchParams.get('back'), href('/home')),
    };
  if (!isFormName(form) || !isOutcome(outcome)) return null;
  return {
    form,
    title: FORM_TITLES[form],
    status: RESULT_OUTCOMES[outcome],
    message: MESSAGES[outcome],
    back: safeBackPath(url.searchParams.get('back'), href('/home')),
  };
}
