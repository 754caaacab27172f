// Schema of content/landing.yaml: the campaign landing page (/landing).
import { z } from 'zod';
import { FEATURE_SLUGS } from './feature-slugs.ts';

const text = (max: number) => z.string().trim().min(1).max(max);

export const schema = z.strictObject({
  hero: z.strictObject({
    /** The small line above the title. */
    eyebrow: text(40),
    /** The page's h1, the campaign's promise. */
    title: text(80),
    /** The paragraph under the title. */
    lede: text(400),
    /** The meta description. */
    description: text(160),
    /** The label of the link to the features page beside Book a Demo. */
    secondaryLabel: text(40),
  }),
  /** The problems Haulora solves, each linked to the feature page that solves it. */
  benefits: z.strictObject({
    /** The heading above them. */
    heading: text(80),
    /** A sentence under the heading. */
    intro: text(300),
    items: z
      .array(
        z.strictObject({
          /** The benefit in a few words. */
          title: text(80),
          /** How Haulora delivers it, in two or three sentences. */
          text: text(500),
          /** The feature page to read more on; its icon and title are shown. */
          feature: z.enum(FEATURE_SLUGS),
        }),
      )
      .min(1),
  }),
  /** How a business gets from the demo to going live. */
  steps: z.strictObject({
    /** The heading above them. */
    heading: text(80),
    items: z
      .array(
        z.strictObject({
          /** The step in a few words. */
          title: text(80),
          /** What happens in it. */
          text: text(400),
        }),
      )
      .min(1),
  }),
  /** The closing Book a Demo call to action. */
  cta: z.strictObject({
    /** The heading. */
    heading: text(80),
    /** The sentence under it. */
    text: text(300),
  }),
});
export type LandingContent = z.infer<typeof schema>;
