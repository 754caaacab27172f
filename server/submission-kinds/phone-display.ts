// A demo request's country and number as staff read them: '61' as '+61 (Australia)', the country
// name alone for a spreadsheet column, and the number as E.164. The full libphonenumber metadata
// (server only): a stored number is read as the visitor typed it, not only as a valid one.
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import metadata from 'libphonenumber-js/metadata.min.json';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The main country of a calling code ('61' → 'Australia'), or '' for an unknown code. */
export function countryName(callingCode: string): string {
  const main = metadata.country_calling_codes[callingCode]?.[0];
  return (main && regionNames.of(main)) || '';
}

/** '61' as '+61 (Australia)': the calling code with its main country. */
export function countryLabel(callingCode: string): string {
  const name = countryName(callingCode);
  return name ? `+${callingCode} (${name})` : `+${callingCode}`;
}

/** A phone number as E.164 (+61412345678), read with the calling code the visitor chose;
 * '' when it does not parse as a possible number. */
export function e164(number: string, callingCode: string | null): string {
  const text = number.trim();
  const parsed = parsePhoneNumberFromString(
    text.startsWith('+') || !callingCode ? text : `+${callingCode}${text.replace(/^0+/, '')}`,
  );
  return parsed?.isPossible() ? parsed.number : '';
}

/** The country (ISO 3166-1 alpha-2) of a number sent as '+CODE DIGITS', or null: what the
 * booking's routing rules read (decision 046). */
export function regionOf(number: string): string | null {
  return parsePhoneNumberFromString(number.trim())?.country ?? null;
}
