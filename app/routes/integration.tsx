// /integrations/<slug>: one integration: what syncs, which way, how often, what setup needs, the
// Haulora API calls it makes and the feature pages it feeds.
import { data, href, Link } from 'react-router';
import type { Route } from './+types/integration.ts';
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
  const [integrations, features] = await Promise.all([pageCopy(app, 'integrations'), pageCopy(app, 'features')]);
  const integration = integrations.integrations.find((candidate) => candidate.slug === params.slug);
  if (!integration) throw data(null, { status: 404 });
  const category = integrations.categories.find((entry) => entry.id === integration.category)!;
  const modules = integration.modules.map((slug) => ({ to: `/${slug}`, title: features.features[slug].title }));
  return {
    integration,
    category,
    modules,
    page: integrations.page,
    apiReference: app.site.links.apiReference,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    args.loaderData ? `${args.loaderData.integration.name} integration` : 'Integration',
    args.loaderData?.integration.summary ?? '',
  );

export default function Integration({ loaderData }: Route.ComponentProps) {
  const { integration, category, modules, page, apiReference } = loaderData;
  return (
    <>
      <PageHero eyebrow={`Integration · ${category.name}`} title={integration.name}>
        <p>{integration.summary}</p>
      </PageHero>
      <div className="container">
        <Breadcrumbs
          crumbs={[
            { label: page.title, to: href('/integrations') },
            { label: category.name, to: `${href('/integrations')}?category=${category.id}` },
            { label: integration.name },
          ]}
        />
      </div>
      <section className="section" aria-label="How it works">
        <div className="container proof-layout">
          <div className="proof-body">
            <h2>What syncs</h2>
            <ul>
              {integration.syncs.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <h2>What setup needs</h2>
            <ol>
              {integration.setup.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ol>
            <h2 id="api-calls-title">Haulora API calls it makes</h2>
            <div className="table-scroll">
              <table className="figure-table api-calls" aria-labelledby="api-calls-title">
                <thead>
                  <tr>
                    <th scope="col">Call</th>
                    <th scope="col">What it does</th>
                  </tr>
                </thead>
                <tbody>
                  {integration.apiCalls.map((call) => (
                    <tr key={`${call.method} ${call.path}`}>
                      <th scope="row">
                        <code>
                          {call.method} {call.path}
                        </code>
                      </th>
                      <td>{call.purpose}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p>
              <a href={apiReference} className="standalone-link">
                The calls in the API reference
              </a>
            </p>
          </div>
          <aside className="proof-aside" aria-labelledby="integration-facts">
            {integration.logo ? <ProofImage image={integration.logo} variant="logo" /> : null}
            <h2 id="integration-facts">At a glance</h2>
            <dl className="fact-list">
              <dt>Category</dt>
              <dd>{category.name}</dd>
              <dt>Direction</dt>
              <dd>Data moves {integration.direction}</dd>
              <dt>How often</dt>
              <dd>{integration.frequency}</dd>
            </dl>
            <h2 id="integration-modules">Feeds these features</h2>
            <ul className="chip-list" aria-labelledby="integration-modules">
              {modules.map((module) => (
                <li key={module.to}>
                  <Link to={module.to}>{module.title}</Link>
                </li>
              ))}
            </ul>
            <p>
              <ButtonLink to={`${href('/integrations')}#request`} variant="secondary" size="sm">
                Need another system? Request it
              </ButtonLink>
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
