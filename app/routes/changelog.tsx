// /changelog: dated product changes, newest first, each linking the feature pages it changes;
// the same entries as an Atom feed at /changelog.xml.
import { href, Link } from 'react-router';
import type { Route } from './+types/changelog.ts';
import '../components/sections/proof/proof.css';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext } from '../lib/app-context.ts';
import { pageCopy } from '../lib/page-copy.server.ts';
import { readableDate } from '../lib/readable-date.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import { pageMeta } from '../lib/seo.ts';

/** Served from the page cache: the HTML depends only on the URL and the content. */
export const handle: RouteHandle = { cache: 'shared' };

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [changelog, features] = await Promise.all([pageCopy(app, 'changelog'), pageCopy(app, 'features')]);
  const entries = changelog.entries.map((entry) => ({
    ...entry,
    features: entry.features.map((slug) => ({ to: `/${slug}`, title: features.features[slug].title })),
  }));
  return { page: changelog.page, entries };
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.page.title ?? 'Changelog', args.loaderData?.page.description ?? ''),
  {
    tagName: 'link',
    rel: 'alternate',
    type: 'application/atom+xml',
    title: 'Haulora changelog',
    href: '/changelog.xml',
  },
];

export default function Changelog({ loaderData }: Route.ComponentProps) {
  const { page, entries } = loaderData;
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title}>
        <p>{page.lede}</p>
        <p>
          <a href={href('/changelog.xml')} className="hero-link standalone-link">
            {page.feedLabel}
          </a>
        </p>
      </PageHero>
      <section className="section" aria-label="Changes">
        <div className="container">
          {entries.map((entry) => (
            <article key={entry.id} id={entry.id} className="changelog-entry" aria-labelledby={`${entry.id}-title`}>
              <p className="changelog-meta">
                <span className="changelog-kind">{entry.kind}</span>
                <time dateTime={entry.date}>{readableDate(entry.date)}</time>
              </p>
              <h2 id={`${entry.id}-title`}>{entry.title}</h2>
              {entry.body.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              <p className="changelog-meta">
                Changes:{' '}
                {entry.features.map((feature, index) => (
                  <span key={feature.to}>
                    {index > 0 ? ', ' : null}
                    <Link to={feature.to}>{feature.title}</Link>
                  </span>
                ))}
              </p>
            </article>
          ))}
        </div>
      </section>
    </>
  );
}
