// The demo form's country list in the browser: GET /forms/countries (the options and the country
// of each time zone, the same for every visitor, cached a day), asked for once per page load and
// shared by whoever needs it first: the navbar's modal, the form's preselection of the browser's
// country, the integration request form. A page carries at most the options it renders, not the
// 400 time zones behind one lookup (issue 32). The server's render reads the list from its own
// context instead (entry.server.tsx), so it reaches the browser in the page's HTML only.
import { createContext } from 'react';
import { href } from 'react-router';
import type { DemoCountries } from './country-options.ts';

/** The list, given to the server's render only; null in the browser. */
export const ServerCountries = createContext<DemoCountries | null>(null);

let request: Promise<DemoCountries | null> | undefined;

/** The list, requested once per page load; a failed request is tried again next time. */
export function requestCountries(): Promise<DemoCountries | null> {
  request ??= fetch(href('/forms/countries'))
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null)
    .then((data: DemoCountries | null) => {
      if (data && Array.isArray(data.countries)) return data;
      request = undefined;
      return null;
    });
  return request;
}
