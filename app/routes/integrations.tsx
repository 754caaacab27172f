// /integrations: every integration by category, filtered by ?category= (plain links, so the
// filter works without JavaScript), and the request-an-integration form: a demo request (POST
// /api/RequestDemo, or /request-demo without JavaScript) whose message names the system.
import { href, Link } from 'react-router';
import type { Route } from './+types/integrations.ts';
import { DeferredForm } from '../components/forms/deferred-form.tsx';
import { loadDemoFormWithCountries } from '../lib/demo-form-on-demand.tsx';
import '../components/sections/proof/proof.css';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext } from '../lib/app-context.ts';
import { pageCopy } from '../lib/page-copy.server.ts';
import { pageMeta } from '../lib/seo.ts';

// The form is at the foot of the page: its code and its countries load when the visitor reaches
// for it (issue 32).

const REQUEST = {
  title: 'Request an integration',
  submit: 'Send request',
  textLabel: 'Which system, and what should it share with Haulora?',
  textPrefix: 'Integration request: ',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const integrations = await pageCopy(context.get(appContext), 'integrations');
  const wanted = new URL(request.url).searchParams.get('category');
  // An unknown category shows every integration rather than an empty page.
  const category = integrations.categories.find((candidate) => candidate.id === wanted) ?? null;
  const shown = integrations.integrations.filter((integration) => !category || integration.category === category.id);
  const categoryName = new Map(integrations.categories.map((entry) => [entry.id, entry.name]));
  return {
    page: integrations.page,
    categories: integrations.categories.map(({ id, name }) => ({ id, name })),
    category,
    integrations: shown.map(({ slug, name, summary, direction, category: id }) => ({
      slug,
      name,
      summary,
      direction,
      category: categoryName.get(id) ?? id,
    })),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData?.page.title ?? 'Integrations', args.loaderData?.page.description ?? '');

export default function Integrations({ loaderData }: Route.ComponentProps) {
  const { page, categories, category, integrations: shown } = loaderData;
  const filterTo = (id: string | null) => (id ? `${href('/integrations')}?category=${id}` : href('/integrations'));
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title}>
        <p>{page.lede}</p>
      </PageHero>
      <section className="section" aria-labelledby="integrations-list-title">
        <div className="container proof-body">
          <nav aria-label="Integration categories">
            <ul className="chip-list">
              {[{ id: null, name: page.allLabel }, ...categories].map((entry) => (
                <li key={entry.id ?? 'all'}>
                  <Link
                    to={filterTo(entry.id)}
                    aria-current={(category?.id ?? null) === entry.id ? 'page' : undefined}
                    preventScrollReset
                  >
                    {entry.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <h2 id="integrations-list-title">{category ? category.name : page.allLabel}</h2>
          {category ? <p>{category.description}</p> : null}
          <ul className="integration-cards">
            {shown.map((integration) => (
              <li key={integration.slug} className="integration-card">
                <p className="story-card-meta">{integration.category}</p>
                <h3>
                  <Link to={href('/integrations/:slug', { slug: integration.slug })}>{integration.name}</Link>
                </h3>
                <p>{integration.summary}</p>
                <p className="story-card-meta">Data moves {integration.direction}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section id="request" className="section" data-tone="muted" aria-labelledby="request-title">
        <div className="container proof-layout">
          <div>
            <h2 id="request-title">{page.requestHeading}</h2>
            <p>{page.requestText}</p>
          </div>
          <div className="form-card">
            <DeferredForm form="demo" load={loadDemoFormWithCountries} props={{ variant: REQUEST }} />
          </div>
        </div>
      </section>
    </>
  );
}
