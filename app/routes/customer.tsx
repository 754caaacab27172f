// /customers/<slug>: one customer story: the operator, fleet and region, the modules they use
// (linked to their feature pages), the problem, what changed, figures before and after, a quote.
import { data, href, Link } from 'react-router';
import type { Route } from './+types/customer.ts';
import { CtaBand } from '../components/sections/cta-band.tsx';
import '../components/sections/proof/proof.css';
import { ProofImage } from '../components/sections/proof/proof-image.tsx';
import { Breadcrumbs } from '../components/ui/breadcrumbs.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext } from '../lib/app-context.ts';
import { pageCopy } from '../lib/page-copy.server.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import { pageMeta } from '../lib/seo.ts';

/** Served from the page cache: the HTML depends only on the URL and the content. */
export const handle: RouteHandle = { cache: 'shared' };

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [customers, features] = await Promise.all([pageCopy(app, 'customers'), pageCopy(app, 'features')]);
  const story = customers.stories.find((candidate) => candidate.slug === params.slug);
  if (!story) throw data(null, { status: 404 });
  const modules = story.modules.map((slug) => ({ to: `/${slug}`, title: features.features[slug].title }));
  return { story, modules, page: customers.page };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    args.loaderData ? `${args.loaderData.story.operator}: customer story` : 'Customer story',
    args.loaderData?.story.summary ?? '',
  );

export default function Customer({ loaderData }: Route.ComponentProps) {
  const { story, modules, page } = loaderData;
  return (
    <>
      <PageHero eyebrow={`Customer story · ${story.segment}`} title={story.headline}>
        <p>{story.summary}</p>
      </PageHero>
      <div className="container">
        <Breadcrumbs crumbs={[{ label: page.title, to: href('/customers') }, { label: story.operator }]} />
      </div>
      <section className="section" aria-label="The story">
        <div className="container proof-layout">
          <article className="proof-body">
            {story.photo ? <ProofImage image={story.photo} variant="photo" eager /> : null}
            <h2>The problem</h2>
            {story.problem.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <h2>What changed</h2>
            {story.changed.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <h2 id="figures-title">Before and after</h2>
            <div className="table-scroll">
              <table className="figure-table" aria-labelledby="figures-title">
                <thead>
                  <tr>
                    <th scope="col">Measure</th>
                    <th scope="col">Before</th>
                    <th scope="col">With Haulora</th>
                  </tr>
                </thead>
                <tbody>
                  {story.figures.map((figure) => (
                    <tr key={figure.measure}>
                      <th scope="row">{figure.measure}</th>
                      <td>{figure.before}</td>
                      <td>{figure.after}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <figure className="proof-quote">
              <blockquote>
                <p>“{story.quote.text}”</p>
              </blockquote>
              <figcaption>
                {story.quote.name}, {story.quote.role}
              </figcaption>
            </figure>
          </article>
          <aside className="proof-aside" aria-labelledby="operator-title">
            {story.logo ? <ProofImage image={story.logo} variant="logo" /> : null}
            <h2 id="operator-title">{story.operator}</h2>
            <dl className="fact-list">
              <dt>Operation</dt>
              <dd>{story.segment}</dd>
              <dt>Fleet</dt>
              <dd>{story.fleetSize}</dd>
              <dt>Region</dt>
              <dd>{story.region}</dd>
            </dl>
            <h2 id="modules-title">Modules used</h2>
            <ul className="chip-list" aria-labelledby="modules-title">
              {modules.map((module) => (
                <li key={module.to}>
                  <Link to={module.to}>{module.title}</Link>
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </section>
      <CtaBand
        title={page.ctaHeading}
        tone="panel"
        actions={<ButtonLink to={href('/request-demo')}>Book a Demo</ButtonLink>}
      >
        <p>{page.ctaText}</p>
      </CtaBand>
    </>
  );
}
