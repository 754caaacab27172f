// /faq: Answers to common questions about Haulora.
import type { Route } from './+types/faq.ts';
import { PageHero } from '../components/ui/page-hero.tsx';
import { pageMeta } from '../lib/seo.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Frequently asked questions', 'Answers to common questions about Haulora.');

export default function Page() {
  return (
    <PageHero eyebrow="Support" title="Frequently asked questions">
      <p>Answers to the questions transport operators ask us most.</p>
    </PageHero>
  );
}
