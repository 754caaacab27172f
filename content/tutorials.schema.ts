// Schema of content/tutorials.yaml: the numbered video tutorials listed in the manual (/docs).
// Each video's link is built from the configured channel (site.links.tutorialsChannel) and its
// number, so no entry carries its own URL and none can go dead.
import { z } from 'zod';
import { FEATURE_SLUGS } from './feature-slugs.ts';

export const schema = z
  .array(
    z.strictObject({
      /** The video's title: the task it walks through, e.g. 'Creating a local booking'. */
      title: z.string().trim().min(1).max(100),
      /** The feature pages it covers, most relevant first: the manual groups it under the first,
       * and each of them lists it among its tutorials. */
      features: z.array(z.enum(FEATURE_SLUGS)).min(1),
    }),
  )
  .min(1);
export type Tutorials = z.infer<typeof schema>;
