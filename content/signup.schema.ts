// Schema of content/signup.yaml: the sign-up request page (/signup).
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1).max(max);

const step = z.strictObject({
  /** The step or account kind in a few words. */
  title: text(80),
  /** What happens, in a sentence or two. */
  text: text(500),
});

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
  }),
  /** How a business account is set up, in order. */
  steps: z.strictObject({
    /** The heading above the steps. */
    heading: text(80),
    /** A sentence introducing them. */
    intro: text(400),
    items: z.array(step).min(1),
  }),
  /** The kinds of account in a Haulora business. */
  accounts: z.strictObject({
    /** The heading above them. */
    heading: text(80),
    items: z.array(step).min(1),
  }),
  /** The closing call to action: book a demo or contact us. */
  cta: z.strictObject({
    /** The heading. */
    heading: text(80),
    /** The sentence under it. */
    text: text(300),
  }),
});
export type SignupContent = z.infer<typeof schema>;
