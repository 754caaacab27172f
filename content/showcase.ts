// The components showcase's copy (showcase.yaml), validated at build against its schema.
// Imported by the /homepage route's loader only, so the copy travels as loader data.
import data from './showcase.yaml';
import type { ShowcaseContent } from './showcase.schema.ts';

export const showcaseContent = data as ShowcaseContent;
