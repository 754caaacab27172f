// The home page's copy (content/home.yaml), section by section in the page's order. The FAQ
// items themselves come from the database (the rows GET /api/Faqs/GetAllFromFaqs serves).
import { z } from 'zod';
import { MAIN_COMPONENT_COUNT } from '../common/constants.ts';
import { FEATURE_SLUGS } from './feature-slugs.ts';

const text = z.string().trim().min(1);

/** A path on this site (`/docs`) or an anchor on the home page (`#about`). */
const sitePath = z.string().regex(/^[/#]/, 'must start with / or #');

const sectionIntro = {
  /** Short label above the heading. */
  eyebrow: text,
  /** The section's heading (an h2). */
  title: text,
  /** One or two sentences under the heading. */
  intro: text,
};

const slide = z.strictObject({
  /** Short label above the headline. */
  eyebrow: text,
  /** The slide's headline; the first slide's is the page's h1. */
  title: text,
  /** One or two sentences under the headline. */
  text: text,
  /** Which product screen the slide shows (content/screens.yaml maps it to a drawing). */
  illustration: z.enum(['route', 'driverApp', 'invoice']),
  /** The slide's links, the first one drawn as the primary button. */
  actions: z
    .array(z.strictObject({ label: text, to: sitePath }))
    .min(1)
    .max(2),
});

const area = z.strictObject({
  /** Key the components below refer to. */
  id: z.string().regex(/^[a-z][a-zA-Z]*$/),
  /** The strength as a visitor reads it, like 'Dispatch and operations'. */
  label: text,
  /** One sentence on what that part of the product does. */
  text: text,
});

const component = z.strictObject({
  /** The feature page's path name (content/feature-slugs.ts). */
  slug: z.enum(FEATURE_SLUGS),
  /** The component's name as the page shows it. */
  name: text,
  /** The strength (skills.areas[].id) the component counts towards. */
  area: z.string(),
});

const portfolioCategory = z.enum(['tms', 'app', 'staffPortal']);

export const schema = z
  .strictObject({
    /** The page's title, shown after the brand ('Haulora: …'), and its description (meta tags). */
    meta: z.strictObject({ title: text, description: text }),
    /** The carousel at the top of the page (#home). */
    hero: z.strictObject({
      /** Names the carousel region for assistive technology. */
      label: text,
      slides: z.array(slide).length(3),
    }),
    /** About Us (#about). */
    about: z.strictObject({
      ...sectionIntro,
      /** Paragraphs on what Haulora is. */
      paragraphs: z.array(text).min(1),
      /** Heading of the list of businesses Haulora is for. */
      audienceTitle: text,
      /** The kinds of business Haulora is for. */
      audience: z.array(text).min(2),
      /** The components statement; `{count}` becomes MAIN_COMPONENT_COUNT. */
      componentsStatement: text.refine((value) => value.includes('{count}'), 'must contain {count}'),
      /** Caption under the large component count. */
      componentsCaption: text,
      /** Label of the link to the features page. */
      featuresLink: text,
    }),
    /** Why choose Haulora: an accordion of exactly three items. */
    why: z.strictObject({
      ...sectionIntro,
      items: z.array(z.strictObject({ title: text, text: text })).length(3),
    }),
    /** API Integration. */
    api: z.strictObject({
      ...sectionIntro,
      /** What the REST API lets a business connect. */
      points: z.array(text).min(2),
      /** Label of the button to the developer documentation. */
      docsButton: text,
    }),
    /** Services (#services): the four areas Haulora serves, in this order. */
    services: z.strictObject({
      ...sectionIntro,
      items: z
        .array(
          z.strictObject({
            title: text,
            /** Which icon the card shows. */
            icon: z.enum(['itSupport', 'administrative', 'finance', 'transport']),
            /** Two sentences. */
            text: text,
          }),
        )
        .length(4),
    }),
    /** The product's strengths (#skills): one bar per area, its value the components in it. */
    skills: z.strictObject({
      ...sectionIntro,
      areas: z.array(area).min(2),
    }),
    /** The main components, each counted towards one strength. */
    components: z.array(component).length(MAIN_COMPONENT_COUNT),
    /** Portfolio: screens of the product, filtered by category. */
    portfolio: z.strictObject({
      ...sectionIntro,
      /** Names the group of filter buttons. */
      filterLabel: text,
      /** The filter buttons, 'all' first. */
      filters: z.array(z.strictObject({ id: z.union([z.literal('all'), portfolioCategory]), label: text })).min(2),
      items: z
        .array(
          z.strictObject({
            title: text,
            text: text,
            /** Which product screen the item shows (content/screens.yaml maps it to a drawing). */
            screen: z.enum(['dispatchBoard', 'driverApp', 'staffPortal']),
            /** Alternative text of the screen. */
            alt: text,
            /** The filters that show this item. */
            categories: z.array(portfolioCategory).min(1),
          }),
        )
        .length(3),
    }),
    /** The FAQ excerpt; the questions come from the database. */
    faq: z.strictObject({
      ...sectionIntro,
      /** Label of the link to /faq. */
      seeMore: text,
      /** Words after the label that only screen readers and crawlers get, so the link's name says where it leads. */
      seeMoreContext: text,
    }),
    /** Contact Us (#contact); the details come from the site settings. */
    contact: z.strictObject({
      ...sectionIntro,
      /** Label of the button that loads the map. */
      showMap: text,
      /** Label of the map link shown without JavaScript. */
      openMap: text,
    }),
    /** The closing call to action after the spec's sections, before the footer. */
    closing: z.strictObject({
      title: text,
      text: text,
      /** The button: the spec's Book a Demo, opening its modal. */
      label: text,
    }),
  })
  .superRefine((home, context) => {
    const areaIds = new Set(home.skills.areas.map((entry) => entry.id));
    home.components.forEach((entry, index) => {
      if (!areaIds.has(entry.area)) {
        context.addIssue({
          code: 'custom',
          path: ['components', index, 'area'],
          message: `no skills area '${entry.area}'`,
        });
      }
    });
    const slugs = new Set(home.components.map((entry) => entry.slug));
    if (slugs.size !== home.components.length) {
      context.addIssue({ code: 'custom', path: ['components'], message: 'each component must appear once' });
    }
  });

export type HomeContent = z.infer<typeof schema>;
export type PortfolioCategory = z.infer<typeof portfolioCategory>;
