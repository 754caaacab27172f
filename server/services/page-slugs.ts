// Slug changes in a page's list of items with their own public pages (customer stories,
// integrations): each slug once, and a renamed item's old path answers a permanent redirect to its
// new one (issue 31; Wagtail does the same). An item is renamed when its old slug is gone and
// the item now at its place has a slug that is new; a removed item writes no redirect.
import type { DocumentProblem, SlugList } from './page-registry.ts';

type Slugged = { slug?: unknown };

const slugsOf = (document: unknown, list: string): string[] => {
  const items = (document as Record<string, unknown> | null)?.[list];
  return Array.isArray(items) ? items.map((item) => String((item as Slugged | null)?.slug ?? '')) : [];
};

/** A slug used twice in the list. */
export function duplicateSlugs(document: unknown, slugs: SlugList): DocumentProblem[] {
  const seen = new Set<string>();
  const problems: DocumentProblem[] = [];
  slugsOf(document, slugs.list).forEach((slug, index) => {
    if (seen.has(slug)) problems.push({ path: `${slugs.list}.${index}.slug`, message: 'slugs are unique' });
    seen.add(slug);
  });
  return problems;
}

export type Rename = { from: string; to: string };

/** The public paths that moved between two versions of a page. */
export function renamedPaths(before: unknown, after: unknown, slugs: SlugList): Rename[] {
  const old = slugsOf(before, slugs.list);
  const now = slugsOf(after, slugs.list);
  const renames: Rename[] = [];
  old.forEach((slug, index) => {
    const replacement = now[index];
    if (now.includes(slug) || replacement === undefined || old.includes(replacement)) return;
    renames.push({ from: `${slugs.prefix}${slug}`, to: `${slugs.prefix}${replacement}` });
  });
  return renames;
}
