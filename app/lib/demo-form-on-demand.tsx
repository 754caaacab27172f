// The demo form for a DeferredForm (the request form at the foot of /integrations): its code and
// the country list load together when the visitor reaches for it, so the page does not carry
// 240 countries and 400 time zones in its data for a form most visitors never use (issue 32).
// The server renders it with the list from its own context (entry.server.tsx), so the form is in
// the page's HTML and posts without JavaScript as before.
import { type ComponentProps, use } from 'react';
import { ServerCountries, requestCountries } from './countries-request.ts';
import type { DemoForm } from '../components/forms/demo-form.tsx';

type OnDemandProps = Omit<ComponentProps<typeof DemoForm>, 'countries'>;

/** The form's component with its countries, for DeferredForm's `load`. A list that cannot be
 * fetched fails the load like code that cannot: the server's form stays, and posts. */
export function loadDemoFormWithCountries() {
  if (import.meta.env.SSR)
    return import('../components/forms/demo-form.tsx').then(({ DemoForm: Form }) => {
      return function ServerDemoForm(props: OnDemandProps) {
        return <Form {...props} countries={use(ServerCountries)?.countries ?? []} />;
      };
    });
  return Promise.all([import('../components/forms/demo-form.tsx'), requestCountries()]).then(
    ([{ DemoForm: Form }, data]) => {
      if (!data) throw new Error('The country list could not be fetched');
      const { countries } = data;
      return function DemoFormWithCountries(props: OnDemandProps) {
        return <Form {...props} countries={countries} />;
      };
    },
  );
}
