// Title, description, canonical link and Open Graph tags for a page's meta export, with the
// configured brand. The canonical URL is the page's path (no query, no hash) on the site's public
// origin, which the root loader provides (SITE_URL, else the request's origin).
import type { MetaDescriptor } from 'react-router';

type MetaArgs = {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  /** The page's location; every route's meta function receives it. */
  location?: { pathname: string };
};

type RootData = { site?: { brand: string }; origin?: string } | undefined;

export function pageMeta(args: MetaArgs, title: string, description: string): MetaDescriptor[] {
  const root = args.matches.find((match) => match?.id === 'root')?.loaderData as RootData;
  const brand = root?.site?.brand ?? 'Haulora';
  const fullTitle = `${title} | ${brand}`;
  const canonical = root?.origin && args.location ? canonicalUrl(root.origin, args.location.pathname) : undefined;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    ...(canonical
      ? [
          { tagName: 'link', rel: 'canonical', href: canonical },
          { property: 'og:url', content: canonical },
        ]
      : []),
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: brand },
    { property: 'og:locale', content: 'en_AU' },
  ];
}

/** The absolute URL of a path on the site, without a trailing slash (except the root itself). */
export function canonicalUrl(origin: string, pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return new URL(path, origin).href;
}
