// Which pages' copy the Content area edits (issue 31), and where each one's seed and shape is:
// a file in content/ and, for the 18 feature pages, one entry inside content/features.yaml. A page
// is validated by its file's own zod schema (the very one the build checks the YAML with): its
// edited part is put into the whole file and the file is checked, so every rule across the file
// still holds. The one rule that does not bind an edit is the build's fixed list of story and
// integration paths (content/proof-slugs.ts): a renamed story is served at its new slug and its
// old path redirects (server/services/page-slugs.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { z } from 'zod';
import { schema as changelogSchema } from '../../content/changelog.schema.ts';
import { schema as customersSchema } from '../../content/customers.schema.ts';
import { schema as docsSchema } from '../../content/docs.schema.ts';
import { FEATURE_SLUGS } from '../../content/feature-slugs.ts';
import { schema as featuresSchema } from '../../content/features.schema.ts';
import { schema as homeSchema } from '../../content/home.schema.ts';
import { schema as integrationsSchema } from '../../content/integrations.schema.ts';
import { schema as landingSchema } from '../../content/landing.schema.ts';
import { schema as offerSchema } from '../../content/offer.schema.ts';
import { schema as securitySchema } from '../../content/security.schema.ts';
import { schema as signupSchema } from '../../content/signup.schema.ts';
import { schema as tutorialsSchema } from '../../content/tutorials.schema.ts';
import { schema as profileSchema } from '../../content/user-profile.schema.ts';
import { siteFileSchema } from '../../content/schema.ts';

/** The content files whose copy is editable, each with the schema the build checks it with. */
export const PAGE_FILES = {
  home: { schema: homeSchema as z.ZodType, schemaName: 'content/home.schema.ts' },
  features: { schema: featuresSchema as z.ZodType, schemaName: 'content/features.schema.ts' },
  customers: { schema: customersSchema as z.ZodType, schemaName: 'content/customers.schema.ts' },
  integrations: { schema: integrationsSchema as z.ZodType, schemaName: 'content/integrations.schema.ts' },
  changelog: { schema: changelogSchema as z.ZodType, schemaName: 'content/changelog.schema.ts' },
  security: { schema: securitySchema as z.ZodType, schemaName: 'content/security.schema.ts' },
  docs: { schema: docsSchema as z.ZodType, schemaName: 'content/docs.schema.ts' },
  tutorials: { schema: tutorialsSchema as z.ZodType, schemaName: 'content/tutorials.schema.ts' },
  offer: { schema: offerSchema as z.ZodType, schemaName: 'content/offer.schema.ts' },
  landing: { schema: landingSchema as z.ZodType, schemaName: 'content/landing.schema.ts' },
  signup: { schema: signupSchema as z.ZodType, schemaName: 'content/signup.schema.ts' },
  'user-profile': { schema: profileSchema as z.ZodType, schemaName: 'content/user-profile.schema.ts' },
  site: { schema: siteFileSchema as z.ZodType, schemaName: 'content/schema.ts (siteFileSchema)' },
} as const;
export type PageFile = keyof typeof PAGE_FILES;

/** A list in a page whose items have their own public pages by slug (stories, integrations). */
export type SlugList = { list: string; prefix: string };

export type PageEntry = {
  id: string;
  title: string;
  group: 'Pages' | 'Feature pages' | 'Proof' | 'Docs' | 'Settings';
  file: PageFile;
  /** Where the page's document sits in its file: [] for the whole file. */
  pointer: string[];
  /** The public paths that show this copy (the first is the one to open). */
  paths: string[];
  slugs?: SlugList;
};

const whole = (
  id: PageFile,
  title: string,
  group: PageEntry['group'],
  paths: string[],
  slugs?: SlugList,
): PageEntry => ({
  id,
  title,
  group,
  file: id,
  pointer: [],
  paths,
  ...(slugs ? { slugs } : {}),
});

export const PAGES: readonly PageEntry[] = [
  whole('home', 'Home', 'Pages', ['/home', '/']),
  whole('offer', 'Plans and offer', 'Pages', ['/offer', '/offers']),
  whole('landing', 'Landing page', 'Pages', ['/landing']),
  whole('signup', 'Sign-up page', 'Pages', ['/signup']),
  whole('user-profile', 'User profile page', 'Pages', ['/user-profile']),
  {
    id: 'features',
    title: 'Features page',
    group: 'Feature pages',
    file: 'features',
    pointer: ['page'],
    paths: ['/features'],
  },
  {
    id: 'features-demo',
    title: 'Features: demo call to action',
    group: 'Feature pages',
    file: 'features',
    pointer: ['demo'],
    paths: ['/features'],
  },
  ...FEATURE_SLUGS.map((slug): PageEntry => ({
    id: `feature-${slug}`,
    title: `Feature: /${slug}`,
    group: 'Feature pages',
    file: 'features',
    pointer: ['features', slug],
    paths: [`/${slug}`],
  })),
  whole('customers', 'Customer stories', 'Proof', ['/customers'], { list: 'stories', prefix: '/customers/' }),
  whole('integrations', 'Integrations', 'Proof', ['/integrations'], { list: 'integrations', prefix: '/integrations/' }),
  whole('security', 'Security', 'Proof', ['/security']),
  whole('changelog', 'Changelog', 'Proof', ['/changelog', '/changelog.xml']),
  whole('docs', 'Docs references', 'Docs', ['/docs']),
  whole('tutorials', 'Tutorials', 'Docs', ['/docs']),
  // Shown on every page (the header, footer, contact section); the seed is content/site.yaml.
  whole('site', 'Site settings: brand, contact details, links', 'Settings', ['/home']),
];

export const pageEntry = (id: string): PageEntry | undefined => PAGES.find((page) => page.id === id);

const contentDir = fileURLToPath(new URL('../../content/', import.meta.url));
const seeds = new Map<PageFile, unknown>();

/** A file's document as content/ holds it, as the build reads it (the schema's output). */
export function seedOf(file: PageFile): unknown {
  if (!seeds.has(file)) {
    const raw = parse(readFileSync(`${contentDir}${file}.yaml`, 'utf8')) as unknown;
    seeds.set(file, PAGE_FILES[file].schema.parse(raw));
  }
  return structuredClone(seeds.get(file));
}

/** The site settings' seed is the configuration's (site.yaml with its environment overrides), so
 * the editor starts from what the site shows. */
export function seedSiteSettings(settings: unknown) {
  seeds.set('site', PAGE_FILES.site.schema.parse(settings));
}

/** The value at `pointer` in a document. */
export function partOf(document: unknown, pointer: readonly string[]): unknown {
  let value = document;
  for (const key of pointer) value = (value as Record<string, unknown> | undefined)?.[key];
  return value;
}

/** A copy of `document` with `part` at `pointer`. */
export function withPart(document: unknown, pointer: readonly string[], part: unknown): unknown {
  if (pointer.length === 0) return part;
  const [key, ...rest] = pointer as [string, ...string[]];
  const object = { ...(document as Record<string, unknown>) };
  object[key] = withPart(object[key], rest, part);
  return object;
}

/** The build's fixed list of story and integration paths (proof-slugs.ts): not a rule for edits. */
const isFixedPathList = (issue: { message: string }) => /proof-slugs\.ts/.test(issue.message);

export type DocumentProblem = { path: string; message: string };

/**
 * Checks a page's new document inside its whole file with the file's schema: the document as the
 * site reads it (the schema's output: defaults filled, text trimmed), or the problems, with the
 * page's own paths (a path outside it, from a rule across the file, keeps its file path).
 */
export function checkDocument(
  entry: PageEntry,
  file: unknown,
  part: unknown,
): { ok: true; document: unknown } | { ok: false; problems: DocumentProblem[] } {
  const result = PAGE_FILES[entry.file].schema.safeParse(withPart(file, entry.pointer, part));
  if (result.success) return { ok: true, document: partOf(result.data, entry.pointer) };
  const problems = result.error.issues.filter((issue) => !isFixedPathList(issue));
  // Only the fixed path list refused it (those files have no defaults): the document as sent.
  if (problems.length === 0) return { ok: true, document: part };
  return {
    ok: false,
    problems: problems.map((issue) => {
      const path = issue.path.map(String);
      const inside = entry.pointer.every((key, index) => path[index] === key);
      const own = inside ? path.slice(entry.pointer.length) : path;
      return { path: own.join('.') || '(document)', message: issue.message };
    }),
  };
}
