// /security: hosting, encryption, backups, access control, retention and the incident contact
// (content/security.yaml), each topic with the mechanism behind it.
import { Fragment } from 'react';
import type { Route } from './+types/security.ts';
import '../components/sections/proof/proof.css';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext } from '../lib/app-context.ts';
import { pageCopy } from '../lib/page-copy.server.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import { pageMeta } from '../lib/seo.ts';

/** Served from the page cache: the HTML depends only on the URL and the content. */
export const handle: RouteHandle = { cache: 'shared' };

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return { ...(await pageCopy(app, 'security')), email: app.site.contact.email };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData?.page.title ?? 'Security', args.loaderData?.page.description ?? '');

export default function Security({ loaderData }: Route.ComponentProps) {
  const { page, topics, contact, email } = loaderData;
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title}>
        <p>{page.lede}</p>
      </PageHero>
      <section className="section">
        <div className="container proof-layout">
          <div className="proof-body">
            {topics.map((topic) => (
              <section key={topic.id} id={topic.id} className="security-topic" aria-labelledby={`${topic.id}-title`}>
                <h2 id={`${topic.id}-title`}>{topic.heading}</h2>
                {topic.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {topic.facts.length > 0 ? (
                  <dl className="fact-list">
                    {topic.facts.map((fact) => (
                      <Fragment key={fact.label}>
                        <dt>{fact.label}</dt>
                        <dd>{fact.value}</dd>
                      </Fragment>
                    ))}
                  </dl>
                ) : null}
                <p className="security-mechanism">
                  <strong>{page.mechanismLabel}:</strong> {topic.mechanism}
                </p>
              </section>
            ))}
            <section id="contact" className="security-topic" aria-labelledby="contact-title">
              <h2 id="contact-title">{contact.heading}</h2>
              <p>{contact.text}</p>
              <p>
                <a href={`mailto:${email}?subject=${encodeURIComponent(contact.subject)}`} className="standalone-link">
                  {email}
                </a>
              </p>
            </section>
          </div>
          <nav className="proof-aside" aria-labelledby="security-contents">
            <h2 id="security-contents">{page.contentsLabel}</h2>
            <ul className="proof-list">
              {[...topics, { id: 'contact', heading: contact.heading }].map((topic) => (
                <li key={topic.id}>
                  <a href={`#${topic.id}`} className="standalone-link">
                    {topic.heading}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>
    </>
  );
}
