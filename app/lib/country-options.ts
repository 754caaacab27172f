// The demo form's country options and phone number input (spec 3, 4 and 9), shared by the browser
// form and the page action (the number's rule itself: common/phone.ts). The country list itself
// is built on the server (countries.server.ts).
import { DEFAULT_PHONE_MAX_LENGTH } from '../../common/constants.ts';

/** One country as the demo form offers it. */
export type CountryOption = {
  /** ISO 3166 region code, the option's value: 'AU'. */
  code: string;
  /** English name: 'Australia'. */
  name: string;
  /** Calling code without '+': '61'. */
  callingCode: string;
  /** Longest number the country allows, where it sets one (10 for AU and PH). */
  maxLength?: number;
};

/** What the demo form needs in the browser: the options, and the country of each time zone. */
export type DemoCountries = { countries: CountryOption[]; zoneCountry: Record<string, string> };

export const maxLengthOf = (country: CountryOption | undefined) => country?.maxLength ?? DEFAULT_PHONE_MAX_LENGTH;

type WithTemporal = { Temporal?: { Now: { timeZoneId(): string } } };

/**
 * The browser's time zone, e.g. 'Australia/Sydney'. Temporal answers at once where the browser
 * has it; building an Intl.DateTimeFormat to ask took 30-60 ms (it loads locale data), a long
 * task in the middle of the demo form's hydration.
 */
export function browserTimeZone(): string | undefined {
  const temporal = (globalThis as WithTemporal).Temporal;
  return temporal ? temporal.Now.timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The country of the browser's time zone, if we know it. */
export function countryForTimeZone(data: DemoCountries, timeZone: string | undefined): CountryOption | undefined {
  const code = timeZone ? data.zoneCountry[timeZone] : undefined;
  return code ? data.countries.find((country) => country.code === code) : undefined;
}

/** Keeps what the number field accepts from the keyboard: digits. */
export const digitsOnly = (text: string) => text.replace(/\D+/g, '');

/**
 * The digits of a number however it arrived (typed, pasted, autofilled, dictated: '0412 345 678',
 * '(04) 1234-5678', '+61 412 345 678'), without the chosen country's '+CODE', cut to the
 * country's maximum. The limit counts digits: spaces, dashes and brackets never use it up.
 */
export function nationalDigits(text: string, callingCode: string | undefined, max: number): string {
  const trimmed = text.trimStart();
  const national =
    callingCode && trimmed.startsWith(`+${callingCode}`) ? trimmed.slice(callingCode.length + 1) : trimmed;
  return digitsOnly(national).slice(0, max);
}

/** The number as the API takes it (spec 3): '+', the calling code, a space, then the digits. A
 * number posted without JavaScript ('0412 345 678', '+61 412 345 678') is reduced the same way;
 * the server still judges its length and whether it is real. */
export function phoneNumberPayload(callingCode: string, number: string): string {
  const trimmed = number.trim();
  if (!callingCode || !trimmed) return trimmed;
  const digits = nationalDigits(trimmed, callingCode, Number.POSITIVE_INFINITY);
  return digits ? `+${callingCode} ${digits}` : '';
}

/** The demo form's values as the API takes them, the one place the '+CODE DIGITS' value is made:
 * the country (picked by its region code) becomes its calling code, the number '+CODE DIGITS'.
 * Used by the form in the browser and by the page's action for a post without JavaScript. */
export function demoRequestInput<T extends { number?: string | undefined }>(values: T, callingCode: string) {
  return { ...values, country: callingCode, number: phoneNumberPayload(callingCode, values.number ?? '') };
}
