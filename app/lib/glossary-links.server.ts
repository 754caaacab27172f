// Links the glossary's terms where the site's own copy mentions them: in a feature page or a
// manual reference, the first mention of a term in each section becomes a link to its row in the
// glossary (/glossary#term-…). Built when the page loads, from the glossary rows the site serves,
// so a new term links itself everywhere and nobody writes these links by hand.
import type { GlossaryEntry } from '../../common/api.ts';
import type { DocsContent } from '../../content/docs.schema.ts';
import type { Feature } from '../../content/features.schema.ts';
import { glossaryAnchor, type LinkedText } from './glossary-anchors.ts';

/** What one section has linked so far: each term once per section. */
export type SectionLinks = Set<string>;

export type TermLinker = (text: string, section: SectionLinks) => LinkedText;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The names a term is mentioned by: 'Consignment note (connote)' is found as 'consignment note'
 * and as 'connote'; 'Proof of delivery (POD)' as 'proof of delivery' and 'POD'.
 */
function namesOf(term: string): string[] {
  const match = /^(.*?)\s*\(([^)]+)\)$/.exec(term);
  return match ? [match[1]!, match[2]!] : [term];
}

export function createTermLinker(entries: readonly GlossaryEntry[]): TermLinker {
  const anchorOf = new Map<string, string>();
  for (const entry of entries)
    for (const name of namesOf(entry.term)) anchorOf.set(name.toLowerCase(), glossaryAnchor(entry.term));
  // Longest names first, so 'fuel card' wins over a shorter term inside it; a plural 's' or 'es'
  // still counts as a mention; no match inside a longer word or a hyphenated compound.
  const names = [...anchorOf.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  if (names.length === 0) return (text) => [text];
  const pattern = new RegExp(`(?<![\\w-])(${names.join('|')})(?:e?s)?(?![\\w-])`, 'gi');

  return (text, section) => {
    const segments: Array<string | { text: string; anchor: string }> = [];
    let at = 0;
    for (const match of text.matchAll(pattern)) {
      const anchor = anchorOf.get(match[1]!.toLowerCase())!;
      if (section.has(anchor)) continue;
      section.add(anchor);
      if (match.index > at) segments.push(text.slice(at, match.index));
      segments.push({ text: match[0], anchor });
      at = match.index + match[0].length;
    }
    if (at < text.length) segments.push(text.slice(at));
    return segments;
  };
}

/** A feature page's copy with its glossary terms linked: the opening paragraphs are one section,
 * then each of the page's sections (its intro, its items' descriptions and points). */
export function linkFeatureCopy(feature: Feature, link: TermLinker) {
  const overview: SectionLinks = new Set();
  return {
    ...feature,
    intro: feature.intro.map((paragraph) => link(paragraph, overview)),
    sections: feature.sections.map((section) => {
      const seen: SectionLinks = new Set();
      return {
        ...section,
        intro: section.intro === undefined ? undefined : link(section.intro, seen),
        items: section.items.map((item) => ({
          ...item,
          description: link(item.description, seen),
          points: item.points?.map((point) => link(point, seen)),
        })),
      };
    }),
  };
}
export type LinkedFeature = ReturnType<typeof linkFeatureCopy>;

/** The manual's copy with its glossary terms linked, each reference a section: the colour
 * coding, the buttons and the API errors (the glossary reference is itself the way in, and the
 * tutorials are titles of videos). */
export function linkDocsCopy(docs: DocsContent, link: TermLinker) {
  const { colourCoding, buttons, apiErrors } = docs;
  const colours: SectionLinks = new Set();
  const buttonLinks: SectionLinks = new Set();
  const errors: SectionLinks = new Set();
  return {
    ...docs,
    colourCoding: {
      ...colourCoding,
      jobStatuses: colourCoding.jobStatuses.map((item) => ({ ...item, meaning: link(item.meaning, colours) })),
      creditNotes: {
        ...colourCoding.creditNotes,
        intro: link(colourCoding.creditNotes.intro, colours),
        states: colourCoding.creditNotes.states.map((item) => ({ ...item, meaning: link(item.meaning, colours) })),
      },
    },
    buttons: {
      ...buttons,
      items: buttons.items.map((item) => ({ ...item, description: link(item.description, buttonLinks) })),
    },
    apiErrors: {
      ...apiErrors,
      items: apiErrors.items.map((item) => ({
        ...item,
        explanation: link(item.explanation, errors),
        remedy: link(item.remedy, errors),
      })),
    },
  };
}
export type LinkedDocs = ReturnType<typeof linkDocsCopy>;
