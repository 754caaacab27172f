// The small, safe text format staff write FAQ answers and glossary descriptions in (issue 19,
// decision 021): blank lines make paragraphs, single line ends stay line breaks, and links are
// [text](https://…), [text](/path) or a bare https:// address. Nothing else means anything: the
// result is data that React renders as text, so typed HTML is shown, never run.

export type RichSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };
export type RichParagraph = RichSegment[][];

const LINK = /\[([^\]\n]{1,300})\]\(((?:https?:\/\/|\/)[^\s()]{0,2000})\)|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/g;

/** Only web addresses and paths on this site: no javascript:, data: or protocol-relative URLs. */
export function safeHref(value: string): string | null {
  if (value.startsWith('/')) return value.startsWith('//') || value.startsWith('/\\') ? null : value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function segments(line: string): RichSegment[] {
  const out: RichSegment[] = [];
  let last = 0;
  for (const match of line.matchAll(LINK)) {
    const [whole, label, target, bare] = match;
    const href = safeHref(target ?? bare ?? '');
    if (!href) continue;
    if (match.index > last) out.push({ kind: 'text', text: line.slice(last, match.index) });
    out.push({ kind: 'link', text: label ?? bare ?? whole, href });
    last = match.index + whole.length;
  }
  if (last < line.length) out.push({ kind: 'text', text: line.slice(last) });
  return out;
}

/** Paragraphs, each a list of lines, each a list of text and link segments. */
export function parseRichText(text: string): RichParagraph[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => paragraph.split('\n').map(segments));
}

/** The words only (links as their text), for search records and plain-text places. */
export function richTextToPlain(text: string): string {
  return parseRichText(text)
    .map((paragraph) => paragraph.map((line) => line.map((segment) => segment.text).join('')).join('\n'))
    .join('\n\n');
}
