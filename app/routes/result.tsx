// /result: what a visitor without JavaScript sees after posting a form (DESIGN: forms post
// natively and get a result page): the message the result modal would show, and a link back.
import { data, Link } from 'react-router';
import type { Route } from './+types/result.ts';
import { Alert } from '../components/ui/alert.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { readResult } from '../lib/form-results.ts';
import { pageMeta } from '../lib/seo.ts';
import '../components/forms/forms.css';

export function loader({ request }: Route.LoaderArgs) {
  const result = readResult(new URL(request.url));
  if (!result) throw data(null, { status: 404 });
  return result;
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.title ?? 'Result', args.loaderData?.message ?? ''),
  { name: 'robots', content: 'noindex' },
];

export default function Result({ loaderData }: Route.ComponentProps) {
  const { title, status, message, back } = loaderData;
  return (
    <>
      <PageHero eyebrow="Result" title={title} />
      <section className="container form-page" aria-label="Result">
        <div className="form-card" data-size="sm">
          <Alert status={status}>{message}</Alert>
          <p className="result-back">
            <Link to={back}>Go back to where you were</Link>
          </p>
        </div>
      </section>
    </>
  );
}
