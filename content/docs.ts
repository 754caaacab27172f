// The manual's copy (docs.yaml) and its tutorial list (tutorials.yaml), validated at build against
// their schemas (vite.config.ts). Imported by the docs route's loader only, so the copy travels
// as loader data, not in the browser bundle.
import docs from './docs.yaml';
import tutorials from './tutorials.yaml';
import type { DocsContent } from './docs.schema.ts';
import type { Tutorials } from './tutorials.schema.ts';

export const docsContent = docs as DocsContent;
export const tutorialsContent = tutorials as Tutorials;
