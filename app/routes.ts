// The one map of URLs (spec 2, Routes). Links, the sitemap and the browser tests build URLs from it.
import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { FEATURE_SLUGS } from '../content/feature-slugs.ts';

export default [
  index('routes/index.tsx'),
  route('home', 'routes/home.tsx'),
  route('user-profile', 'routes/user-profile.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('landing', 'routes/landing.tsx'),
  route('nucleoicons', 'routes/nucleoicons.tsx'),
  route('glossary', 'routes/glossary.tsx'),
  route('sign-in', 'routes/sign-in.tsx'),
  route('request-demo', 'routes/request-demo.tsx'),
  // The visitor's own booking, from the link in their invite (issue 29): not a page of the site.
  route('demo/booking/:token', 'routes/demo-booking.tsx'),
  route('offer', 'routes/offer.tsx'),
  route('offers', 'routes/offers.tsx'),
  route('features', 'routes/features.tsx'),
  // The 18 feature pages share one module; each path is the spec's name exactly.
  ...FEATURE_SLUGS.map((slug) => route(slug, 'routes/feature.tsx', { id: `feature-${slug}` })),
  route('faq', 'routes/faq.tsx'),
  route('homepage', 'routes/homepage.tsx'),
  route('docs', 'routes/docs.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  // Proof (issue 28): customer stories, integrations, security and the changelog with its feed.
  route('customers', 'routes/customers.tsx'),
  route('customers/:slug', 'routes/customer.tsx'),
  route('integrations', 'routes/integrations.tsx'),
  route('integrations/:slug', 'routes/integration.tsx'),
  route('security', 'routes/security.tsx'),
  route('changelog', 'routes/changelog.tsx'),
  route('changelog.xml', 'routes/changelog-xml.ts'),
  // The staff inbox (issue 7): signed-in staff only, built in the browser; not a public page.
  route('inbox', 'routes/inbox.tsx'),
  // A staff member's booked demos and calendar feed, and moving or cancelling a request's meeting
  // (issue 29): rendered on the server, so they work without JavaScript too.
  route('inbox/my-demos', 'routes/inbox-my-demos.tsx'),
  route('inbox/demo-requests/:id/meeting', 'routes/inbox-meeting.tsx'),
  route('inbox/:kind/:id', 'routes/inbox-item.tsx'),
  // The Content area (issue 19): admins edit the FAQ and the glossary; rendered on the server.
  route('content', 'routes/content.tsx'),
  route('content/faq', 'routes/content-faq-list.tsx'),
  route('content/faq/:id', 'routes/content-faq.tsx'),
  route('content/glossary', 'routes/content-glossary.tsx'),
  route('content/glossary/:id', 'routes/content-glossary-entry.tsx'),
  route('content/glossary.csv', 'routes/content-glossary-csv.ts'),
  // Drafts, the trash and preview links (issue 31): the trash, and a draft on its public page.
  route('content/trash', 'routes/content-trash.tsx'),
  route('preview/:token', 'routes/preview.tsx'),
  // Every page's copy and the redirects slug changes wrote (issue 31).
  route('content/pages', 'routes/content-pages.tsx'),
  route('content/pages/:id', 'routes/content-page.tsx'),
  route('content/redirects', 'routes/content-redirects.tsx'),
  // Visitor analytics for staff (issue 30): rendered on the server from the daily rollups.
  route('analytics', 'routes/analytics.tsx'),
  // Forms without JavaScript: where the footer and contact forms post, and the result page.
  route('forms/feedback', 'routes/forms/feedback.tsx'),
  route('forms/newsletter', 'routes/forms/newsletter.tsx'),
  route('forms/contact', 'routes/forms/contact.tsx'),
  route('forms/countries', 'routes/forms/countries.ts'),
  // Where the navbar's theme menu posts without JavaScript (issue 18).
  route('forms/theme', 'routes/forms/theme.ts'),
  route('result', 'routes/result.tsx'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  route('manifest.webmanifest', 'routes/manifest-webmanifest.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
