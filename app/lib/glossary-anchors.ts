// Every glossary row's stable anchor: /glossary#term-<slug of the term>. The glossary table gives
// each row this id, and the glossary links in the feature pages and the manual point at it
// (app/lib/glossary-links.server.ts).
import { href } from 'react-router';

/** 'Consignment note (connote)' → 'term-consignment-note-connote'. */
export function glossaryAnchor(term: string): string {
  const slug = term
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `term-${slug}`;
}

export const glossaryEntryHref = (anchor: string) => `${href('/glossary')}#${anchor}`;

/** Running text with some words linked to their glossary entries (built on the server). */
export type LinkedText = ReadonlyArray<string | { text: string; anchor: string }>;
