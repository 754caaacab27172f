// The demo request's phone rule (spec 4, 5 and 9), one place for the browser and the server: the
// longest number a country allows (PHONE_MAX_LENGTH in constants.ts), and whether the number is a
// real one for that country, by libphonenumber-js's metadata. The API takes the country as its
// calling code, so a code shared by several regions (61: Australia, Christmas Island, Cocos) is
// read as its main region, the one libphonenumber lists first.
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/min/metadata';
import { DEFAULT_PHONE_MAX_LENGTH } from './constants.ts';

/** Countries with a shorter maximum phone number length, by ISO 3166 region code (spec 4, 9). */
export const PHONE_MAX_LENGTH: Readonly<Record<string, number>> = { AU: 10, PH: 10 };
/** The longest number (digits, without the calling code) a country allows. */
export const phoneMaxLength = (regionCode: string | undefined) =>
  (regionCode && PHONE_MAX_LENGTH[regionCode]) || DEFAULT_PHONE_MAX_LENGTH;

/** What the visitor reads about a number (ours: the spec words none); here, not in MESSAGES, so
 * only the demo form's chunk carries them to the browser. */
export const PHONE_MESSAGES = {
  tooLong: (max: number) => `Numbers in this country have at most ${max} digits`,
  invalid: 'This is not a phone number in the selected country: check the country and the digits',
} as const;

const regionsByCallingCode = (metadata as { country_calling_codes: Record<string, string[]> }).country_calling_codes;

/** The main region of a calling code ('61' or '+61' → 'AU'), or undefined for an unknown one. */
export const mainRegionOf = (callingCode: string) => regionsByCallingCode[callingCode.replace(/^\+/, '')]?.[0];

/** The number without its '+CODE' prefix, as the visitor typed it into the number field. */
function nationalPart(callingCode: string, number: string): string {
  const prefix = `+${callingCode.replace(/^\+/, '')}`;
  return number.startsWith(prefix) ? number.slice(prefix.length) : number;
}

/** What is wrong with a number for a calling code, in words for the visitor; null when nothing. */
export function phoneProblem(callingCode: string, number: string): string | null {
  const region = mainRegionOf(callingCode);
  const max = phoneMaxLength(region);
  const digits = nationalPart(callingCode, number.trim()).replace(/\D+/g, '');
  if (digits.length > max) return PHONE_MESSAGES.tooLong(max);
  const code = callingCode.replace(/^\+/, '');
  if (!region || !isValidPhoneNumber(`+${code}${digits}`)) return PHONE_MESSAGES.invalid;
  return null;
}
