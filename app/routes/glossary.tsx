// /glossary: Transport and logistics terms and their definitions, as used in Haulora.
import type { Route } from './+types/glossary.ts';
import { PageHero } from '../components/ui/page-hero.tsx';
import { pageMeta } from '../lib/seo.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Glossary', 'Transport and logistics terms and their definitions, as used in Haulora.');

export default function Page() {
  return (
    <PageHero eyebrow="Resources" title="Glossary">
      <p>Terms and Definition</p>
    </PageHero>
  );
}
