// Pages made by a template another page already stands for: the feature, story and integration
// pages after the first of each. The slow site-wide sweeps (quality-pages, theme-pages) check
// their own words at one width and leave the template's layout at the other to its first page.
import { href } from 'react-router';
import { FEATURE_SLUGS } from '../../content/feature-slugs.ts';
import { CUSTOMER_SLUGS, INTEGRATION_SLUGS } from '../../content/proof-slugs.ts';

export const SAME_TEMPLATE: ReadonlySet<string> = new Set([
  ...FEATURE_SLUGS.slice(1).map((slug) => `/${slug}`),
  ...CUSTOMER_SLUGS.slice(1).map((slug) => href('/customers/:slug', { slug })),
  ...INTEGRATION_SLUGS.slice(1).map((slug) => href('/integrations/:slug', { slug })),
]);
