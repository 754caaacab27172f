// The demo form's country list (spec 3: about 240 entries with name, calling code, time zones and
// an optional maximum length), built once on the server from maintained data: calling codes from
// libphonenumber-js, time zones from countries-and-timezones, English names from Intl.
import { getAllTimezones, getCountry, type CountryCode } from 'countries-and-timezones';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { PHONE_MAX_LENGTH } from '../../common/phone.ts';
import type { CountryOption, DemoCountries } from './country-options.ts';

export type Country = CountryOption & { timezones: string[] };

let countries: Country[] | undefined;
let demoCountries: DemoCountries | undefined;

export function listCountries(): Country[] {
  if (countries) return countries;
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  countries = getCountries()
    .map((code) => ({
      code,
      name: names.of(code) ?? code,
      callingCode: getCountryCallingCode(code),
      timezones: [...(getCountry(code as CountryCode)?.timezones ?? [])],
      ...(PHONE_MAX_LENGTH[code] ? { maxLength: PHONE_MAX_LENGTH[code] } : {}),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return countries;
}

/** The options and a time zone to country map, for the browser (no time zone lists per country). */
export function demoCountryData(): DemoCountries {
  if (demoCountries) return demoCountries;
  const known = new Set(listCountries().map((country) => country.code));
  const zoneCountry: Record<string, string> = {};
  // A zone shared by several countries (Europe/Berlin: DE, DK, NO, SE, SJ) goes to its first,
  // principal one.
  for (const zone of Object.values(getAllTimezones())) {
    const code = zone.countries.find((country) => known.has(country));
    if (code) zoneCountry[zone.name] = code;
  }
  const options = listCountries().map(({ timezones: _timezones, ...option }) => option);
  demoCountries = { countries: options, zoneCountry };
  return demoCountries;
}

/** The calling code of an ISO region code, or undefined for an unknown one. */
export function callingCodeOf(code: string): string | undefined {
  return listCountries().find((country) => country.code === code)?.callingCode;
}
