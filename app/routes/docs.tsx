// /docs: The Haulora manual: glossary, colour coding, buttons, tutorials and API errors.
import type { Route } from './+types/docs.ts';
import { PageHero } from '../components/ui/page-hero.tsx';
import { pageMeta } from '../lib/seo.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Manual', 'The Haulora manual: glossary, colour coding, buttons, tutorials and API errors.');

export default function Page() {
  return (
    <PageHero eyebrow="Documentation" title="Manual">
      <p>References for everyday work in Haulora.</p>
    </PageHero>
  );
}
