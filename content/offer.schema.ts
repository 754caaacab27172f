// Schema of content/offer.yaml: the plans on offer (/offer). No prices: every plan is quoted.
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1).max(max);

export const schema = z.strictObject({
  page: z.strictObject({
    /** The small line above the title. */
    eyebrow: text(40),
    /** The page's h1. */
    title: text(60),
    /** The paragraph under the title. */
    lede: text(400),
    /** The meta description. */
    description: text(160),
    /** The heading above the plan cards. */
    plansHeading: text(80),
    /** Shown where a price would be. */
    priceNote: text(40),
    /** The label of each plan's button to /request-demo. */
    quoteLabel: text(40),
    /** The badge on the featured plan. */
    featuredLabel: text(30),
  }),
  plans: z
    .array(
      z.strictObject({
        /** The plan's name, e.g. Starter. */
        name: text(40),
        /** Who the plan suits, in one line. */
        audience: text(160),
        /** What the plan is about, in a sentence or two. */
        description: text(400),
        /** What the plan includes, one line each. */
        includes: z.array(text(200)).min(1),
        /** Marks the plan we recommend to most operators; shown with a badge. */
        featured: z.boolean().default(false),
      }),
    )
    .min(1),
  /** What comes with every plan. */
  everyPlan: z.strictObject({
    /** The heading above the list. */
    heading: text(80),
    /** One line each. */
    items: z.array(text(200)).min(1),
  }),
  /** How quotes are worked out, in place of prices. */
  quote: z.strictObject({
    /** The heading. */
    heading: text(80),
    /** Paragraphs explaining how a quote is put together. */
    paragraphs: z.array(text(600)).min(1),
  }),
  /** The closing Book a Demo call to action. */
  cta: z.strictObject({
    /** The heading. */
    heading: text(80),
    /** The sentence under it. */
    text: text(300),
  }),
});
export type OfferContent = z.infer<typeof schema>;
