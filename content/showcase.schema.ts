// Schema of content/showcase.yaml: the copy of the components showcase (/homepage), the living
// style guide of the site's own components. The Vite content plugin validates it at build.
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1).max(max);

/** One showcased component: its heading and a sentence on when to use it. */
const specimen = z.strictObject({
  /** The component's name, an h2 in its view. */
  title: text(60),
  /** What it is for and where the site uses it. */
  text: text(400),
});

const view = z.strictObject({
  /** The tab's label. */
  label: text(40),
  /** One sentence under the tabs on what the view holds. */
  intro: text(300),
});

export const schema = z.strictObject({
  views: z.strictObject({ homepage: view, basicElements: view, navigation: view }),
  specimens: z.strictObject({
    pageHero: specimen,
    sections: specimen,
    cards: specimen,
    steps: specimen,
    callToAction: specimen,
    buttons: specimen,
    inputs: specimen,
    inputGroups: specimen,
    choices: specimen,
    toggles: specimen,
    alerts: specimen,
    icons: specimen,
    datePicker: specimen,
    pagination: specimen,
    tabs: specimen,
    pills: specimen,
    navbar: specimen,
    breadcrumbs: specimen,
  }),
  /** Sample steps for the numbered step list. */
  steps: z.array(z.strictObject({ title: text(80), text: text(300) })).min(2),
  /** Sample tabs: the booking job types and what each is for. */
  jobTypes: z.array(z.strictObject({ label: text(40), text: text(300) })).min(2),
  /** Sample pills: the portfolio's filters. */
  portfolioFilters: z.array(z.strictObject({ label: text(40), text: text(300) })).min(2),
});
export type ShowcaseContent = z.infer<typeof schema>;
