// /signup: a sign-up request page. Accounts are set up with each business, so the page explains
// how, and leads to a demo or a conversation. No footer on this page (spec 2, Shared layout).
import { href } from 'react-router';
import type { Route } from './+types/signup.ts';
import { CtaBand } from '../components/sections/cta-band.tsx';
import { StepList } from '../components/sections/step-list.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext } from '../lib/app-context.ts';
import { pageCopy } from '../lib/page-copy.server.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import { pageMeta } from '../lib/seo.ts';
import './signup.css';

export const handle: RouteHandle = { hideFooter: true, cache: 'shared' };

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { contact } = app.site;
  return {
    ...(await pageCopy(app, 'signup')),
    contact: { email: contact.email, phone: contact.phone, hours: contact.hours },
  };
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.page.title ?? 'Sign up', args.loaderData?.page.description ?? ''),
  // An internal or campaign page: reachable (spec 2), but not for search results (issue 28).
  { name: 'robots', content: 'noindex' },
];

export default function Signup({ loaderData }: Route.ComponentProps) {
  const { page, steps, accounts, cta, contact } = loaderData;
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title}>
        <p>{page.lede}</p>
      </PageHero>
      <section className="section" aria-labelledby="signup-steps-title">
        <div className="container">
          <div className="section-intro">
            <h2 id="signup-steps-title">{steps.heading}</h2>
            <p>{steps.intro}</p>
          </div>
          <StepList steps={steps.items} />
        </div>
      </section>
      <section className="section" data-tone="muted" aria-labelledby="signup-accounts-title">
        <div className="container">
          <h2 id="signup-accounts-title">{accounts.heading}</h2>
          <dl className="signup-accounts">
            {accounts.items.map((account) => (
              <div key={account.title}>
                <dt>{account.title}</dt>
                <dd>{account.text}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <CtaBand
        title={cta.heading}
        actions={
          <>
            <ButtonLink to={href('/request-demo')}>Book a Demo</ButtonLink>
            <ButtonLink to={`${href('/home')}#contact`} variant="secondary">
              Contact us
            </ButtonLink>
          </>
        }
      >
        <p>{cta.text}</p>
        <p className="signup-contact">
          Email <a href={`mailto:${contact.email}`}>{contact.email}</a> or call{' '}
          <a href={`tel:${contact.phone.replace(/\s/g, '')}`}>{contact.phone}</a>, {contact.hours}.
        </p>
      </CtaBand>
    </>
  );
}
