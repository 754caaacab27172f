// Title and description for a page's meta export, with the configured brand.
import type { MetaDescriptor } from 'react-router';

type MetaArgs = { matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined> };

export function pageMeta(args: MetaArgs, title: string, description: string): MetaDescriptor[] {
  const root = args.matches.find((match) => match?.id === 'root')?.loaderData as { site?: { brand: string } } | undefined;
  const brand = root?.site?.brand ?? 'Haulora';
  const fullTitle = `${title} | ${brand}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: brand },
  ];
}
