// The proof pages' paths (issue 28): customer stories, integrations, security and the changelog,
// for the site's page list, sitemap and search (site-pages.ts) and their content sources
// (page-sources.ts). The slugs come from content/, checked against app/routes.ts by href().
import { href } from 'react-router';
import { CUSTOMER_SLUGS, INTEGRATION_SLUGS } from '../../content/proof-slugs.ts';

const stories = CUSTOMER_SLUGS.map((slug) => href('/customers/:slug', { slug }));
const integrationPages = INTEGRATION_SLUGS.map((slug) => href('/integrations/:slug', { slug }));

export const PROOF_PATHS: readonly string[] = [
  href('/customers'),
  ...stories,
  href('/integrations'),
  ...integrationPages,
  href('/security'),
  href('/changelog'),
];

const customers = ['content/customers.yaml', 'content/features.yaml'];
const integrations = ['content/integrations.yaml', 'content/features.yaml'];
export const PROOF_PAGE_SOURCES: Readonly<Record<string, readonly string[]>> = {
  [href('/customers')]: [...customers, 'app/routes/customers.tsx'],
  ...Object.fromEntries(stories.map((path) => [path, [...customers, 'app/routes/customer.tsx']])),
  [href('/integrations')]: [...integrations, 'app/routes/integrations.tsx'],
  ...Object.fromEntries(integrationPages.map((path) => [path, [...integrations, 'app/routes/integration.tsx']])),
  [href('/security')]: ['content/security.yaml', 'content/site.yaml', 'app/routes/security.tsx'],
  [href('/changelog')]: ['content/changelog.yaml', 'content/features.yaml', 'app/routes/changelog.tsx'],
};
