// Every page of the site, as paths: the quality gates and the web benchmark visit them, the
// sitemap lists those that may be indexed, and the search index is built from some of them. The
// paths are checked against app/routes.ts by href() at type-check time, and
// tests/unit/site-pages.test.ts checks that no page route is missing. Left out: the empty path
// and /offers (redirects), the catch-all 404, /sitemap.xml, and the no-JavaScript form
// endpoints (/forms/*) with their result page, and the staff inbox (/inbox, /inbox/:kind/:id,
// and issue 29's /inbox/my-demos and /inbox/demo-requests/:id/meeting): a signed-in staff tool built in the browser, marked noindex, with nothing
// in it for a visitor or a search engine; the Content area (/content/*, issue 19), admins only;
// the staff analytics dashboard (/analytics, issue 30); and a visitor's own booking
// (/demo/booking/:token, issue 29), reached only by the signed link in their invite, noindex and
// no-store; and a Content draft's preview (/preview/:token, issue 31), the same kind of link.
import { href } from 'react-router';
import { FEATURE_SLUGS } from '../../content/feature-slugs.ts';
import { PROOF_PATHS } from './proof-paths.ts';

export const PAGE_PATHS: readonly string[] = [
  href('/home'),
  href('/features'),
  ...FEATURE_SLUGS.map((slug) => `/${slug}`),
  href('/faq'),
  href('/glossary'),
  href('/docs'),
  href('/privacy'),
  href('/offer'),
  ...PROOF_PATHS,
  href('/landing'),
  href('/request-demo'),
  href('/sign-in'),
  href('/signup'),
  href('/user-profile'),
  href('/homepage'),
  href('/nucleoicons'),
];

/**
 * Pages marked noindex on purpose: the signed-in staff member's own profile, the components
 * showcase and the icon gallery (internal), and the campaign pages /landing and /signup (their
 * words repeat /home and /offer; issue 28). Every quality gate
 * covers them; the sitemap leaves them out, since a sitemap listing a page that asks not to be
 * indexed contradicts itself (search consoles report it as an error).
 */
export const NOINDEX_PATHS: readonly string[] = [
  href('/user-profile'),
  href('/homepage'),
  href('/nucleoicons'),
  href('/landing'),
  href('/signup'),
];

/** The pages the sitemap lists: every page a search engine may index. */
export const SITEMAP_PATHS: readonly string[] = PAGE_PATHS.filter((path) => !NOINDEX_PATHS.includes(path));

/** Every page a visitor reaches without signing in: the sitemap's and the noindex ones (but a
 * staff member's own profile). What a visitor downloads is measured on these (issue 32). */
export const PUBLIC_PAGE_PATHS: readonly string[] = [
  ...SITEMAP_PATHS,
  ...NOINDEX_PATHS.filter((path) => path !== href('/user-profile')),
];

/** The pages the site search covers (issue 5): the feature pages, the manual, the glossary and the FAQ. */
export const SEARCHABLE_PATHS: readonly string[] = [
  href('/features'),
  ...FEATURE_SLUGS.map((slug) => `/${slug}`),
  href('/docs'),
  href('/glossary'),
  href('/faq'),
  href('/offer'),
  ...PROOF_PATHS,
];

/** The searchable pages whose words staff change at run time (the FAQ and the glossary, issue 19):
 * the server keeps their search index current (server/plugins/live-search.ts), so the build's
 * index leaves them out. */
export const LIVE_SEARCH_PATHS: readonly string[] = [href('/faq'), href('/glossary')];
