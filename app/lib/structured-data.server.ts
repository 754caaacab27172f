// The site's schema.org data (JSON-LD), built from the site settings and the content, typed by
// schema-dts so a misspelt property or a wrong value type fails the type check. Built on the
// server only and written into the page's head by app/lib/head-additions.server.ts, so none of it
// reaches the browser's JavaScript; tests/document/structured-data.test.ts checks each type's
// required and expected properties on the rendered pages. The FAQ page's FAQPage is its own
// (app/routes/faq.tsx): it follows the rows the page loads.
import type { BreadcrumbList, Organization, SoftwareApplication, WebSite, WithContext } from 'schema-dts';
import { href } from 'react-router';
import { isFeatureSlug } from '../../content/features.ts';
import type { FeaturesContent } from '../../content/features.schema.ts';
import type { OfferContent } from '../../content/offer.schema.ts';
import type { SiteSettings } from '../../content/schema.ts';
import { canonicalUrl } from './seo.ts';

const CONTEXT = 'https://schema.org' as const;

/** Stable ids, so the page-level items point at the site-wide ones instead of repeating them. */
const organizationId = (origin: string) => `${canonicalUrl(origin, '/')}#organization`;
const websiteId = (origin: string) => `${canonicalUrl(origin, '/')}#website`;

/** The mark used as the organisation's logo: the square icon the build draws from the favicon. */
export const LOGO_PATH = '/icon-512.png';

/** Site-wide: who publishes the site, and the site itself. */
export function siteGraph(
  site: SiteSettings,
  origin: string,
): { '@context': typeof CONTEXT; '@graph': [Organization, WebSite] } {
  return {
    '@context': CONTEXT,
    '@graph': [
      {
        '@type': 'Organization',
        '@id': organizationId(origin),
        name: site.brand,
        description: site.tagline,
        url: canonicalUrl(origin, '/home'),
        logo: canonicalUrl(origin, LOGO_PATH),
        email: site.contact.email,
        telephone: site.contact.phone,
        address: site.contact.address,
        contactPoint: {
          '@type': 'ContactPoint',
          contactType: 'sales',
          email: site.contact.email,
          telephone: site.contact.phone,
          availableLanguage: 'English',
        },
        sameAs: site.socials.map((social) => social.url),
      },
      {
        '@type': 'WebSite',
        '@id': websiteId(origin),
        name: site.brand,
        url: canonicalUrl(origin, '/home'),
        inLanguage: 'en-AU',
        publisher: { '@id': organizationId(origin) },
      },
    ],
  };
}

export type PlanOffer = { name: string; description: string };

/** The product, with the plans on offer (content/offer.yaml, as edited). The plans are quoted, so the
 * offers name no price: schema.org allows that, and inventing one would be worse. */
export function softwareApplication(
  site: SiteSettings,
  origin: string,
  plans: readonly PlanOffer[],
): WithContext<SoftwareApplication> {
  const offerUrl = canonicalUrl(origin, '/offer');
  return {
    '@context': CONTEXT,
    '@type': 'SoftwareApplication',
    name: site.brand,
    description: site.tagline,
    url: canonicalUrl(origin, '/home'),
    applicationCategory: 'BusinessApplication',
    applicationSubCategory: 'Transport management system',
    operatingSystem: 'Web, Android, iOS',
    publisher: { '@id': organizationId(origin) },
    offers: plans.map((plan) => ({
      '@type': 'Offer',
      name: plan.name,
      description: plan.description,
      url: offerUrl,
      availability: 'https://schema.org/InStock',
      seller: { '@id': organizationId(origin) },
    })),
  };
}

export type Crumb = { name: string; path: string };

/** Where a page sits in the site, from the home page down to the page itself. */
export function breadcrumbList(origin: string, crumbs: readonly Crumb[]): WithContext<BreadcrumbList> {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: canonicalUrl(origin, crumb.path),
    })),
  };
}

/** The copy the blocks name (the plans, the feature pages' titles): the pages' own, with the
 * Content area's edits (issue 31), read by entry.server before the page streams. */
export type StructuredCopy = { offer: Pick<OfferContent, 'plans'>; features: Pick<FeaturesContent, 'features'> };

/** The blocks of one page: the site-wide graph, then what the page is about. */
export function structuredDataFor(
  pathname: string,
  site: SiteSettings,
  origin: string,
  copy: StructuredCopy,
): object[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const blocks: object[] = [siteGraph(site, origin)];
  const slug = path.slice(1);
  if (path === href('/home') || path === href('/offer')) {
    blocks.push(softwareApplication(site, origin, copy.offer.plans));
  } else if (isFeatureSlug(slug)) {
    blocks.push(
      breadcrumbList(origin, [
        { name: 'Home', path: href('/home') },
        { name: 'Features', path: href('/features') },
        { name: copy.features.features[slug].title, path },
      ]),
    );
  } else if (path === href('/docs')) {
    blocks.push(
      breadcrumbList(origin, [
        { name: 'Home', path: href('/home') },
        { name: 'Manual', path },
      ]),
    );
  }
  return blocks;
}
