// The home page. The full set of sections arrives with the site shell; this is its opening.
import type { Route } from './+types/home.ts';
import { appContext } from '../lib/app-context.ts';

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData.site.brand}: transport management for trucking and delivery companies` },
    {
      name: 'description',
      content:
        'Haulora runs bookings, dispatch, drivers, fleet, fuel, accounts and compliance for transport businesses, with a driver app for every job.',
    },
  ];
}

export function loader({ context }: Route.LoaderArgs) {
  return { site: context.get(appContext).site };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { site } = loaderData;
  return (
    <div id="home" className="home-hero">
      <p className="eyebrow">{site.brand}</p>
      <h1>Better Solutions For Managing Your Freight</h1>
      <p className="lede">
        {site.brand} is a transport management system for trucking and delivery companies: job bookings,
        dispatch, drivers, fleet, fuel, accounts and compliance in one place, with a driver app that
        carries every job from pickup to proof of delivery.
      </p>
      <p className="actions">
        <a className="button" href="#about">Get Started</a>
        <a className="button button-secondary" href="/docs">Watch Video</a>
      </p>
      <section id="about" aria-labelledby="about-title">
        <h2 id="about-title">About Us</h2>
        <p>
          Reach us at <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a> or{' '}
          <a href={`tel:${site.contact.phone.replace(/\s/g, '')}`}>{site.contact.phone}</a>.
        </p>
      </section>
    </div>
  );
}
