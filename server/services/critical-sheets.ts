// A page's critical rules and the rest of the site stylesheet, as two sheets that style every
// element as the one sheet did (decision 060, sessions 24 and 25).
//
// Why: when the full sheet turned on after the first paint, Chromium restyled every element the
// inline rules had already styled (the sheet holds the same rules again): on /home 773 elements,
// 37-93 ms of one task, four times that in Lighthouse's simulated phone. A sheet without the
// page's rules (the "rest") restyles only the elements its own selectors name (~50 on /home).
//
// The catch is the cascade: every inline rule now comes before every rest rule. Where a rest rule
// stood before an inline rule in the sheet and both set the same property with selectors of the
// same specificity, the inline rule won the tie on an element both match, and would now lose it.
// So such a rest rule is drawn into the inline sheet, in its place (before the inline rule), and
// it is then an inline rule for the rest rules before it. Going from the end of the sheet back,
// one pass finds them all. (Session 24 wrote the inline rule into the rest again instead: the
// copies matched the page, so the rest restyled ~380 elements on /home, 23-32 ms; the rules drawn
// in match nothing on the page, and cost ~4 KB of brotli'd HTML on /home.) Cascade layers cannot
// do this: a later layer outranks any specificity (tried: `.brand{color:inherit}` lost to
// `a{color}`). Which properties may tie is judged broadly (a shorthand and its longhands, logical
// and physical sides are one family), and which selectors by their specificity alone, so a rule
// is sometimes drawn in needlessly, never missed. Together the two sheets hold every rule once: a
// later page of the tab (a client navigation) is styled as before.
//
// Which rules are inline is beasties' choice (critical-css-worker.ts): it is given the sheet with
// each unit marked by its number (`--critical-unit`), and the numbers left in its answer say which.
import { parse as parseSelector, type Selector } from 'css-what';
import postcss, { type AtRule, type ChildNode, type Container, type Root } from 'postcss';

/** The declaration that names a unit's number in the sheet beasties reads. */
export const UNIT_MARKER = '--critical-unit';
const MARKED_UNIT = /--critical-unit:\s*(\d+)/g;
/** At-rules that only scope their rules; a rule inside one is a unit of its own. */
const GROUPING = new Set(['media', 'supports', 'container', 'starting-style', 'scope']);

/** A piece of the sheet that goes whole into one sheet or both: a style rule with the grouping
 * at-rules around it, or another at-rule (keyframes, a named layer's block). */
type Unit = {
  /** The unit as it reads in the sheet, with the at-rules it is in. */
  text: string;
  /** What it could tie on with another unit: `specificity property-family importance` (or an
   * at-rule's name and prelude). Empty for a named layer's block, which ties with nothing else. */
  ties: string[];
  /** It could tie with any unit: `all`, nested rules, or a selector not read. */
  tiesAll: boolean;
};

export type SiteSheet = {
  units: Unit[];
  /** The layers the sheet names, in the order it first names them: that order ranks them, so the
   * inline sheet names them all first, whichever sheet their rules are in. */
  layers: string[];
  /** The sheet with every unit's rules marked with the unit's number, for beasties. */
  marked: string;
};

const wrap = (context: AtRule[], inner: string) =>
  context.reduceRight((text, at) => `@${at.name}${at.params ? ` ${at.params}` : ''}{${text}}`, inner);

/** Pseudo-classes whose specificity is their most specific argument's. */
const TAKES_ARGUMENT = new Set(['is', 'not', 'has', 'matches', '-webkit-any', '-moz-any']);
/** Pseudo-elements written with one colon, as css-what reads them. */
const LEGACY_PSEUDO_ELEMENTS = new Set(['before', 'after', 'first-line', 'first-letter']);

type Specificity = [number, number, number];
const add = (a: Specificity, b: Specificity): Specificity => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const larger = (a: Specificity, b: Specificity) => (a[0] - b[0] || a[1] - b[1] || a[2] - b[2]) > 0;

/** A complex selector's specificity (Selectors level 4). */
function specificity(tokens: Selector[]): Specificity {
  let total: Specificity = [0, 0, 0];
  for (const token of tokens) {
    // css-what reads `#a` and `[id=a]` alike, but for its case rule ('quirks' for an id selector).
    if (token.type === 'attribute')
      total = add(total, token.name === 'id' && token.ignoreCase === 'quirks' ? [1, 0, 0] : [0, 1, 0]);
    else if (token.type === 'tag' || token.type === 'pseudo-element') total = add(total, [0, 0, 1]);
    else if (token.type === 'pseudo') {
      if (token.name === 'where') continue;
      if (LEGACY_PSEUDO_ELEMENTS.has(token.name)) total = add(total, [0, 0, 1]);
      // `:nth-child(2 of .a)` adds its selector's specificity, which css-what leaves as text.
      else if (typeof token.data === 'string' && /\sof\s/.test(token.data)) throw new Error('not read');
      else if (TAKES_ARGUMENT.has(token.name) && Array.isArray(token.data))
        total = add(
          total,
          token.data.map(specificity).reduce((max, next) => (larger(next, max) ? next : max), [0, 0, 0]),
        );
      else total = add(total, [0, 1, 0]);
    }
  }
  return total;
}

/** Which box a complex selector styles: the element, or one of its pseudo-elements (the two never
 * tie). Tags and ids are left out: a selector without one matches elements of any. */
function box(tokens: Selector[]): string {
  const combinators = ['child', 'descendant', 'adjacent', 'sibling', 'parent', 'column-combinator'];
  const compound = tokens.slice(tokens.findLastIndex((token) => combinators.includes(token.type)) + 1);
  const pseudoElement = compound.find(
    (token) => token.type === 'pseudo-element' || (token.type === 'pseudo' && LEGACY_PSEUDO_ELEMENTS.has(token.name)),
  );
  return pseudoElement && 'name' in pseudoElement ? `::${pseudoElement.name}` : '';
}

/** What a rule's selector list can tie with: each selector's specificity and subject; undefined
 * when it cannot be read (then the rule is taken to tie with everything). */
function specificities(selector: string): string[] | undefined {
  try {
    return [...new Set(parseSelector(selector).map((tokens) => `${specificity(tokens).join('.')}${box(tokens)}`))];
  } catch {
    return undefined;
  }
}

/** Properties that set the same thing: a shorthand and its longhands, the logical and physical
 * sides; broad on purpose (a family too many costs a rule drawn in, one too few a wrong style).
 * (Longhand by longhand, from MDN's data, drew in 303 rules on /home instead of 308: the ties
 * left are the same property set twice.) */
function propertyFamily(property: string): string {
  if (property.startsWith('--')) return property;
  const name = property.replace(/^-(webkit|moz|ms|o)-/, '');
  if (/^(top|right|bottom|left|inset)(-|$)/.test(name)) return 'inset';
  if (/^(width|height|inline-size|block-size|aspect-ratio)$/.test(name)) return 'size';
  if (name === 'line-height') return 'font';
  if (/^(gap|row-gap|column-gap)$/.test(name)) return 'gap';
  if (/^(place|align|justify)-/.test(name)) return 'align';
  if (name === 'columns') return 'column';
  if (/^(white-space|text-wrap)/.test(name)) return 'white-space';
  return name.split('-')[0]!;
}

/** What a style rule could tie on: `specificity[::pseudo-element] family[!]` (undefined: with
 * every rule). */
function ruleTies(selector: string, declarations: { prop: string; important: boolean }[]): string[] | undefined {
  const specs = specificities(selector);
  if (!specs) return undefined;
  const families = new Set(declarations.map(({ prop, important }) => `${propertyFamily(prop)}${important ? '!' : ''}`));
  return specs.flatMap((spec) => [...families].map((family) => `${spec} ${family}`));
}

/** Every rule inside `node` (itself included) that holds declarations. */
function declarationHolders(node: ChildNode): Container[] {
  const holds = (container: ChildNode) =>
    (container.type === 'rule' || container.type === 'atrule') &&
    container.nodes?.some((child) => child.type === 'decl');
  const holders: Container[] = holds(node) ? [node as Container] : [];
  if (node.type === 'rule' || node.type === 'atrule')
    node.walk((child) => {
      if (holds(child)) holders.push(child as Container);
    });
  return holders;
}

/** The site stylesheet cut into units, and the copy beasties matches. */
export function readSiteSheet(css: string): SiteSheet {
  const root: Root = postcss.parse(css);
  const units: Unit[] = [];
  const markers: { holders: Container[]; index: number }[] = [];
  const layers: string[] = [];
  root.walkAtRules('layer', (layer) => {
    for (const name of layer.params.split(',').map((part) => part.trim()))
      if (name && !layers.includes(name)) layers.push(name);
  });

  const visit = (container: Container, context: AtRule[]) => {
    container.each((node) => {
      if (node.type === 'comment') return;
      if (node.type === 'atrule' && GROUPING.has(node.name) && node.nodes) {
        visit(node, [...context, node]);
        return;
      }
      let ties: Pick<Unit, 'ties' | 'tiesAll'>;
      if (node.type === 'rule') {
        const declarations = (node.nodes ?? []).flatMap((child) =>
          child.type === 'decl' ? [{ prop: child.prop.toLowerCase(), important: child.important === true }] : [],
        );
        // `all` resets every property, and a nested rule's are not read: such a rule ties with any.
        const nested = node.nodes?.some((child) => child.type === 'rule' || child.type === 'atrule');
        const read =
          nested || declarations.some(({ prop }) => prop === 'all') ? undefined : ruleTies(node.selector, declarations);
        ties = read ? { ties: read, tiesAll: false } : { ties: [], tiesAll: true };
      } else if (node.type === 'atrule' && node.name === 'layer') ties = { ties: [], tiesAll: false };
      else ties = { ties: [`@${node.type === 'atrule' ? `${node.name} ${node.params}` : node.type}`], tiesAll: false };
      units.push({ text: wrap(context, node.toString()), ...ties });
      markers.push({ holders: declarationHolders(node), index: units.length - 1 });
    });
  };
  visit(root, []);

  // The marks go on the tree once the units have their own text.
  for (const { holders, index } of markers)
    for (const holder of holders) holder.append(postcss.decl({ prop: UNIT_MARKER, value: String(index) }));
  return { units, layers, marked: root.toString() };
}

/** The numbers of the units beasties kept, read from its answer. */
export function keptUnits(answer: string): Set<number> {
  return new Set([...answer.matchAll(MARKED_UNIT)].map(([, index]) => Number(index)));
}

/** The two sheets of a page whose inline units are `inline`: the inline one goes first in the
 * document, the rest after it; and how many rest units were drawn into the inline one. */
export function splitSheet(sheet: SiteSheet, inline: Set<number>): { inline: string; rest: string; promoted: number } {
  // From the end back: a rest unit that could tie with a later inline unit (one of the page's, or
  // one drawn in before it) is drawn into the inline sheet too, so it still comes before that one.
  const inInline = new Set(inline);
  /** What the inline units after this point could tie on. */
  const later = new Set<string>();
  let laterTieAll = false;
  let laterTieAny = false;
  for (let index = sheet.units.length - 1; index >= 0; index -= 1) {
    const unit = sheet.units[index]!;
    if (!unit.tiesAll && unit.ties.length === 0) continue;
    if (
      !inInline.has(index) &&
      (laterTieAll || (unit.tiesAll && laterTieAny) || unit.ties.some((tie) => later.has(tie)))
    )
      inInline.add(index);
    if (!inInline.has(index)) continue;
    for (const tie of unit.ties) later.add(tie);
    laterTieAny = true;
    if (unit.tiesAll) laterTieAll = true;
  }
  const inlineText: string[] = [];
  const restText: string[] = [];
  sheet.units.forEach((unit, index) => (inInline.has(index) ? inlineText : restText).push(unit.text));
  const layerOrder = sheet.layers.length > 0 ? `@layer ${sheet.layers.join(',')};` : '';
  return { inline: layerOrder + inlineText.join(''), rest: restText.join(''), promoted: inInline.size - inline.size };
}

/** Which units are inline, as a short text for a URL: a bit per unit, base64url. */
export function encodeUnits(sheet: SiteSheet, inline: Set<number>): string {
  const bytes = new Uint8Array(Math.ceil(sheet.units.length / 8));
  for (const index of inline) bytes[index >> 3]! |= 1 << (index & 7);
  return Buffer.from(bytes).toString('base64url');
}

/** The set `encodeUnits` wrote, or undefined when `text` is not one for this sheet. */
export function decodeUnits(sheet: SiteSheet, text: string): Set<number> | undefined {
  if (!/^[\w-]+$/.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  const inline = new Set<number>();
  for (let index = 0; index < sheet.units.length; index += 1)
    if (bytes[index >> 3]! & (1 << (index & 7))) inline.add(index);
  // One spelling per set: no stray bits, no other length.
  return encodeUnits(sheet, inline) === text ? inline : undefined;
}
