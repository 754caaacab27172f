// Every page of the site, as paths: the sitemap lists them and the search index is built from
// them. The paths are checked against app/routes.ts by href() at type-check time, and
// tests/unit/site-pages.test.ts checks that no page route is missing. Left out: the empty path
// and /offers (redirects), the catch-all 404, /sitemap.xml, and the no-JavaScript form
// endpoints (/forms/*) with their result page, and the staff inbox (/inbox and
// /inbox/:kind/:id): a signed-in staff tool built in the browser, marked noindex, with nothing
// in it for a visitor or a search engine.
import { href } from 'react-router';
import { FEATURE_SLUGS } from '../../content/feature-slugs.ts';

export const PAGE_PATHS: readonly string[] = [
  href('/home'),
  href('/features'),
  ...FEATURE_SLUGS.map((slug) => `/${slug}`),
  href('/faq'),
  href('/glossary'),
  href('/docs'),
  href('/privacy'),
  href('/offer'),
  href('/landing'),
  href('/request-demo'),
  href('/sign-in'),
  href('/signup'),
  href('/user-profile'),
  href('/homepage'),
  href('/nucleoicons'),
];

/** The pages the site search covers (issue 5): the feature pages, the manual, the glossary and the FAQ. */
export const SEARCHABLE_PATHS: readonly string[] = [
  href('/features'),
  ...FEATURE_SLUGS.map((slug) => `/${slug}`),
  href('/docs'),
  href('/glossary'),
  href('/faq'),
];
