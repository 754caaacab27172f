// The files each page's words come from: the sitemap's <lastmod> is the last time any of them
// changed (scripts/build-content-dates.ts reads it from git at build time). A page's own route
// module counts too, since some copy (headings, the meta description) lives there.
import { href } from 'react-router';
import { FEATURE_SLUGS } from '../../content/feature-slugs.ts';
import { PROOF_PAGE_SOURCES } from './proof-paths.ts';

const feature = ['content/features.yaml', 'content/screens.yaml', 'app/routes/feature.tsx'];

export const PAGE_SOURCES: Readonly<Record<string, readonly string[]>> = {
  [href('/home')]: [
    'content/home.yaml',
    'content/faq.yaml',
    'content/site.yaml',
    'content/screens.yaml',
    'app/routes/home.tsx',
  ],
  [href('/features')]: ['content/features.yaml', 'app/routes/features.tsx'],
  ...Object.fromEntries(FEATURE_SLUGS.map((slug) => [`/${slug}`, feature])),
  [href('/faq')]: ['content/faq.yaml', 'app/routes/faq.tsx'],
  [href('/glossary')]: ['content/glossary.yaml', 'app/routes/glossary.tsx'],
  [href('/docs')]: ['content/docs.yaml', 'content/tutorials.yaml', 'app/routes/docs.tsx'],
  [href('/privacy')]: ['content/privacy.yaml', 'app/routes/privacy.tsx'],
  [href('/offer')]: ['content/offer.yaml', 'app/routes/offer.tsx'],
  ...PROOF_PAGE_SOURCES,
  [href('/landing')]: ['content/landing.yaml', 'app/routes/landing.tsx'],
  [href('/request-demo')]: ['app/routes/request-demo.tsx', 'app/components/forms/demo-form.tsx'],
  [href('/sign-in')]: ['app/routes/sign-in.tsx', 'app/components/forms/sign-in-form.tsx'],
  [href('/signup')]: ['content/signup.yaml', 'app/routes/signup.tsx'],
  [href('/user-profile')]: ['content/user-profile.yaml', 'app/routes/user-profile.tsx'],
  [href('/homepage')]: ['content/showcase.yaml', 'app/routes/homepage.tsx'],
  [href('/nucleoicons')]: ['app/components/sections/icon-gallery-icons.ts', 'app/routes/nucleoicons.tsx'],
};
