// The demo request's schema (spec 3 and 5), in a module of its own: its phone rule brings
// libphonenumber-js's metadata, which only the demo form's browser check should load.
import { z } from 'zod';
import { BOOKING_MESSAGES, INSTANT_PATTERN, timeZoneSchema } from './booking.ts';
import { HONEYPOT_FIELD, MAX_LENGTH } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { phoneProblem } from './phone.ts';
import {
  CALLING_CODE_PATTERN,
  honeypot,
  marketingConsent,
  PHONE_PATTERN,
  requiredEmail,
  requiredText,
} from './schemas.ts';

const countryAndNumber = MESSAGES.countryAndNumber;
export const demoRequestSchema = z
  .object({
    /** The visitor's full name. */
    name: requiredText(MESSAGES.nameRequired, 'Name', MAX_LENGTH.name),
    /** Their job title. */
    job_title: requiredText(MESSAGES.jobTitleRequired, 'Job title', MAX_LENGTH.jobTitle),
    /** Their company; the spec gives it the job title's message. */
    company: requiredText(MESSAGES.jobTitleRequired, 'Company', MAX_LENGTH.company),
    /** The calling code of the chosen country, like '61' or '+61'; stored without its '+'. */
    country: z
      .string({ error: countryAndNumber })
      .trim()
      .min(1, { error: countryAndNumber })
      .regex(CALLING_CODE_PATTERN, { error: countryAndNumber })
      .transform((code) => code.replace(/^\+/, '')),
    /** '+' and the calling code, a space, then the digits, like '+61 412345678'. */
    number: z
      .string({ error: countryAndNumber })
      .trim()
      .min(1, { error: countryAndNumber })
      .max(MAX_LENGTH.phoneNumber, { error: countryAndNumber })
      .regex(PHONE_PATTERN, { error: countryAndNumber })
      .refine((value) => /[0-9]/.test(value), { error: countryAndNumber }),
    /** A work email. */
    email: requiredEmail(),
    /** What they would like to see in the demo. */
    text: requiredText(MESSAGES.messageRequired, 'Message', MAX_LENGTH.message),
    /** Ticked "send me product news"; stored with the consent text's version and the time. */
    marketing_consent: marketingConsent,
    [HONEYPOT_FIELD]: honeypot,
    /** Optional (issue 29): a free time chosen from GET /api/demo/slots, an ISO instant; empty
     * or left out, no time is booked and the team arranges one, as before. */
    slot_start: z
      .string({ error: BOOKING_MESSAGES.notOffered })
      .trim()
      .max(40, { error: BOOKING_MESSAGES.notOffered })
      .refine((value) => value === '' || INSTANT_PATTERN.test(value), { error: BOOKING_MESSAGES.notOffered })
      .transform((value) => value || undefined)
      .optional(),
    /** The visitor's zone (IANA), in which the answer names the time; needed with slot_start. */
    time_zone: z
      .union([z.literal(''), timeZoneSchema], { error: BOOKING_MESSAGES.zone })
      .transform((value) => value || undefined)
      .optional(),
  })
  .superRefine((input, context) => {
    if (input.slot_start && !input.time_zone)
      context.addIssue({ code: 'custom', path: ['time_zone'], message: BOOKING_MESSAGES.zone });
    // The country's length and a real number for it (common/phone.ts), once both fields are there.
    const problem = phoneProblem(input.country, input.number);
    if (problem) context.addIssue({ code: 'custom', path: ['number'], message: problem });
  });
export type DemoRequestInput = z.infer<typeof demoRequestSchema>;
