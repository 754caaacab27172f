// Schema of content/features.yaml: the features page and the 18 feature pages' copy. The Vite
// content plugin validates the YAML against `schema` at build (docs/decisions/007-content-as-yaml.md).
import { z } from 'zod';
import { FEATURE_SLUGS } from './feature-slugs.ts';

/** The lucide-react icons a feature may show; app/components/sections/feature-icon.tsx maps each. */
export const FEATURE_ICONS = [
  'LayoutDashboard',
  'ClipboardList',
  'IdCard',
  'Truck',
  'Fuel',
  'Calculator',
  'BookUser',
  'ShieldAlert',
  'MapPinned',
  'UserPlus',
  'Settings',
  'FileText',
  'ListTodo',
  'ClipboardCheck',
  'SearchCheck',
  'MessagesSquare',
  'FileSearch',
  'LifeBuoy',
] as const;
export type FeatureIcon = (typeof FEATURE_ICONS)[number];

/** Outside links from the site settings (content/site.yaml `links`) a feature page may point to. */
export const FEATURE_SITE_LINKS = ['apiReference', 'developerDocs', 'tutorialsChannel'] as const;

const text = (max: number) => z.string().trim().min(1).max(max);

const item = z.strictObject({
  /** The name as the TMS screen shows it, e.g. 'Pending Jobs'. */
  name: text(80),
  /** One to three sentences on what it is and what it is for. */
  description: text(700),
  /** A short list of what it holds, e.g. the checklists: driver, car, truck, trailer. */
  points: z.array(text(200)).min(1).optional(),
  /** A page of this site the item's name links to, e.g. /faq. */
  to: z
    .string()
    .regex(/^\/[\w\-/#]*$/, 'must be a path on this site, like /faq')
    .optional(),
});

const section = z.strictObject({
  /** The section's heading, an h2 on the page. */
  heading: text(80),
  /** A sentence or two introducing the items. */
  intro: text(600).optional(),
  /** The items, in the order the TMS shows them. */
  items: z.array(item).min(1),
});

const feature = z.strictObject({
  /** The page's name: its h1, its grid card and the label of previous/next links to it. */
  title: text(60),
  /** One line for the grid card and the page's meta description. */
  summary: text(160),
  /** The icon on the grid card and the page hero. */
  icon: z.enum(FEATURE_ICONS),
  /** What the feature does for the business, in one outcome-led sentence: the page's opening line. */
  outcome: text(220),
  /** Three benefits to the business, each a short title and a sentence (acronyms spelled out). */
  benefits: z.array(z.strictObject({ title: text(60), text: text(240) })).length(3),
  /** Opening paragraphs, before the sections. */
  intro: z.array(text(900)).min(1),
  /** The structured content: panels, sub-areas, job types, settings sections... */
  sections: z.array(section).min(1),
  /** A call to action to a configured outside link (Help: the API reference). */
  link: z
    .strictObject({
      /** The heading above the call to action. */
      heading: text(80),
      /** A sentence saying what the visitor finds there. */
      text: text(400),
      /** The button label. */
      label: text(60),
      /** Which configured link it opens. */
      target: z.enum(FEATURE_SITE_LINKS),
    })
    .optional(),
});

export const schema = z.strictObject({
  /** The /features page itself. */
  page: z.strictObject({
    /** The small line above the title. */
    eyebrow: text(40),
    /** The page's h1 and the label of previous/next links to it. */
    title: text(60),
    /** The paragraph under the title. */
    lede: text(400),
    /** The meta description. */
    description: text(160),
    /** The heading above the grid of feature links. */
    gridHeading: text(80),
  }),
  /** The Book a Demo band every feature page ends with; `{feature}` is replaced by the page's title. */
  demo: z.strictObject({
    heading: text(80),
    text: text(300),
    /** The button: the spec's Book a Demo, opening its modal. */
    label: text(40),
  }),
  /** Every feature page, keyed by its path; all 18 are required (the chain order is content/feature-slugs.ts). */
  features: z.record(z.enum(FEATURE_SLUGS), feature),
});
export type FeaturesContent = z.infer<typeof schema>;
export type Feature = FeaturesContent['features'][keyof FeaturesContent['features']];
