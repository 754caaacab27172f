// /home: the landing page, its sections in the spec's order (spec 2, Home / landing page).
import { href, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/home.ts';
import type { loader as rootLoader } from '../root.tsx';
import { HOME_FAQ_COUNT } from '../../common/constants.ts';
import { AboutSection } from '../components/sections/home/about-section.tsx';
import { ApiSection } from '../components/sections/home/api-section.tsx';
import { ContactSection } from '../components/sections/home/contact-section.tsx';
import { FaqSection } from '../components/sections/home/faq-section.tsx';
import { HeroCarousel } from '../components/sections/home/hero-carousel.tsx';
import { ProofRow } from '../components/sections/proof/proof-row.tsx';
import { proofRow } from '../lib/proof.server.ts';
import { PortfolioSection } from '../components/sections/home/portfolio-section.tsx';
import { ServicesSection } from '../components/sections/home/services-section.tsx';
import { SkillsSection } from '../components/sections/home/skills-section.tsx';
import { WhySection } from '../components/sections/home/why-section.tsx';
import { CtaBand } from '../components/sections/cta-band.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { appContext } from '../lib/app-context.ts';
import { pageCopy } from '../lib/page-copy.server.ts';
import { homeScreenImages } from '../lib/screens.server.ts';
import { pageMeta } from '../lib/seo.ts';
import type { RouteHandle } from '../lib/route-handle.ts';

/** Served from the page cache: the HTML depends only on the URL and the content. */
export const handle: RouteHandle = { cache: 'shared' };

export const meta: Route.MetaFunction = (args) => {
  const { title, description } = args.loaderData.content.meta;
  // Every other page's title ends with the brand; the home page's leads with it ('Haulora: …').
  const site = args.matches.find((match) => match?.id === 'root')?.loaderData as
    { site: { brand: string } } | undefined;
  const homeTitle = `${site?.site.brand ?? 'Haulora'}: ${title}`;
  return pageMeta(args, title, description).map((tag) => {
    if ('title' in tag) return { title: homeTitle };
    if ('property' in tag && tag.property === 'og:title') return { property: 'og:title', content: homeTitle };
    return tag;
  });
};

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { content, screens } = app;
  const [home, customers] = await Promise.all([pageCopy(app, 'home'), pageCopy(app, 'customers')]);
  // The site settings are not repeated here: the root loader already sends them to the page.
  return {
    content: home,
    // The same rows, in the same order, as GET /api/Faqs/GetAllFromFaqs.
    faqs: (await content.listFaqs()).slice(0, HOME_FAQ_COUNT),
    proof: proofRow(customers),
    screens: homeScreenImages(screens),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { content, faqs, screens } = loaderData;
  const site = useRouteLoaderData<typeof rootLoader>('root')?.site;
  if (!site) throw new Error('the root loader provides the site settings');
  return (
    <>
      <HeroCarousel hero={content.hero} screens={screens.hero} />
      <ProofRow proof={loaderData.proof} />
      <AboutSection about={content.about} />
      <WhySection why={content.why} />
      <ApiSection api={content.api} developerDocs={site.links.developerDocs} />
      <ServicesSection services={content.services} />
      <SkillsSection skills={content.skills} components={content.components} />
      <PortfolioSection portfolio={content.portfolio} screens={screens.portfolio} />
      <FaqSection faq={content.faq} items={faqs} />
      <ContactSection contact={content.contact} site={site} />
      {/* After the spec's sections, before the footer: the page closes on a demo. */}
      <CtaBand
        title={content.closing.title}
        tone="panel"
        actions={
          <ButtonLink to={href('/request-demo')} data-opens-demo="">
            {content.closing.label}
          </ButtonLink>
        }
      >
        <p>{content.closing.text}</p>
      </CtaBand>
    </>
  );
}
