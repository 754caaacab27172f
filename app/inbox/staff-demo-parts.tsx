// Pieces the staff demo pages share (issue 29): the signed-out notice with its way to sign in and
// come back, and copy with its {placeholders} filled.
import { href, Link } from 'react-router';
import { staffDemosCopy } from '../../content/staff-demos.ts';
import { PageHero } from '../components/ui/page-hero.tsx';

export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

export function DemosSignedOut({ title, next }: { title: string; next: string }) {
  return (
    <>
      <PageHero eyebrow="Inbox" title={title} />
      <section className="section" aria-label={title}>
        <div className="container">
          <p>
            {staffDemosCopy.signedOut}{' '}
            <Link className="standalone-link" to={`${href('/sign-in')}?${new URLSearchParams({ next })}`}>
              {staffDemosCopy.signIn}
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
