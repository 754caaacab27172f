// The home page's copy, validated at build against content/home.schema.ts (vite.config.ts).
// Imported by the home route's loader only, so the copy travels as loader data, not in the bundle.
import data from './home.yaml';
import type { HomeContent } from './home.schema.ts';

export const homeContent = data as HomeContent;
