// A page's structured document as an HTML form and back (issue 31), so the generic editor posts
// natively, without JavaScript: every text, number and switch is one field named by its path
// (`d.hero.slides.0.title`), and the document's shape travels in one hidden field so the post can
// be read back into the same structure, typed values kept, whatever the schema then says about
// them. The list buttons (add, remove, move) are posts too: they change the typed document and
// show it again, unsaved.

/** A document's shape: 's' text, 'n' number, 'b' switch, 'z' nothing; lists and objects of those. */
export type Shape = 's' | 'n' | 'b' | 'z' | Shape[] | { [key: string]: Shape };

export const FIELD_PREFIX = 'd.';
export const SHAPE_FIELD = '_shape';

export function shapeOf(value: unknown): Shape {
  if (typeof value === 'string') return 's';
  if (typeof value === 'number') return 'n';
  if (typeof value === 'boolean') return 'b';
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shapeOf(item)]));
  return 'z';
}

export const fieldName = (path: readonly (string | number)[]) => FIELD_PREFIX + path.join('.');

/**
 * The document a post holds, read along its shape. An empty text in an object leaves the key out
 * (an optional text left empty is absent; a required one is then named by the schema); a number
 * that is not one stays the text typed, for the schema to refuse with the field's path.
 */
export function readDocument(shape: Shape, values: Record<string, string>, path: (string | number)[] = []): unknown {
  if (shape === 's') return values[fieldName(path)] ?? '';
  if (shape === 'n') {
    const typed = (values[fieldName(path)] ?? '').trim();
    return typed !== '' && Number.isFinite(Number(typed)) ? Number(typed) : typed;
  }
  if (shape === 'b') return values[fieldName(path)] === 'on';
  if (shape === 'z') return null;
  if (Array.isArray(shape)) return shape.map((item, index) => readDocument(item, values, [...path, index]));
  const object: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(shape)) {
    const value = readDocument(item, values, [...path, key]);
    if (value !== '') object[key] = value;
  }
  return object;
}

/** The shape a post carries, or null for anything malformed. */
export function readShape(field: string | undefined): Shape | null {
  if (!field) return null;
  try {
    const shape = JSON.parse(field) as unknown;
    return isShape(shape, 0) ? shape : null;
  } catch {
    return null;
  }
}

function isShape(value: unknown, depth: number): value is Shape {
  if (depth > 12) return false;
  if (value === 's' || value === 'n' || value === 'b' || value === 'z') return true;
  if (Array.isArray(value)) return value.every((item) => isShape(item, depth + 1));
  if (value && typeof value === 'object')
    return Object.values(value as Record<string, unknown>).every((item) => isShape(item, depth + 1));
  return false;
}

/** A new, empty item like the list's last one (texts empty, numbers 0, switches off, lists of one). */
export function blankLike(value: unknown): unknown {
  if (typeof value === 'string') return '';
  if (typeof value === 'number') return 0;
  if (typeof value === 'boolean') return false;
  if (Array.isArray(value)) return value.length > 0 ? [blankLike(value[0])] : [];
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, blankLike(item)]));
  return '';
}

export type ListChange = { kind: 'add' | 'remove' | 'up' | 'down'; path: string[] };

/** A list button's intent (`add:stories`, `remove:stories.2`, `up:…`, `down:…`), or null. */
export function readListChange(intent: string): ListChange | null {
  const match = /^(add|remove|up|down):([\w.-]{1,300})$/.exec(intent);
  if (!match) return null;
  return { kind: match[1] as ListChange['kind'], path: match[2]!.split('.') };
}

const childOf = (value: unknown, key: string): unknown =>
  Array.isArray(value) ? value[Number(key)] : (value as Record<string, unknown> | null)?.[key];

/** The typed document with one list changed; the same document when the path names no list. */
export function changeList(document: unknown, change: ListChange): unknown {
  const listPath = change.kind === 'add' ? change.path : change.path.slice(0, -1);
  const index = change.kind === 'add' ? -1 : Number(change.path.at(-1));
  const apply = (value: unknown, rest: string[]): unknown => {
    if (rest.length > 0) {
      const [key, ...deeper] = rest as [string, ...string[]];
      if (!value || typeof value !== 'object' || !(key in value)) return value;
      const child = childOf(value, key);
      const changed = apply(child, deeper);
      // Nothing changed below: the same document, not a copy.
      if (changed === child) return value;
      if (Array.isArray(value)) return value.map((entry, index) => (index === Number(key) ? changed : entry));
      return { ...(value as Record<string, unknown>), [key]: changed };
    }
    if (!Array.isArray(value)) return value;
    const list = [...value];
    if (change.kind === 'add') list.push(blankLike(list.at(-1) ?? ''));
    else if (!Number.isInteger(index) || index < 0 || index >= list.length) return value;
    else if (change.kind === 'remove') list.splice(index, 1);
    else {
      const to = change.kind === 'up' ? index - 1 : index + 1;
      if (to < 0 || to >= list.length) return value;
      [list[index], list[to]] = [list[to], list[index]];
    }
    return list;
  };
  return apply(document, listPath);
}

/** Whether a text is long enough to want a text area rather than one line. */
export const isLongText = (key: string, value: string) =>
  value.length > 90 || /^(text|body|description|intro|answer|lede|summary|paragraphs?)$/i.test(key);

/** A field's label from its key: `fleetSize` reads 'Fleet size', a list's item 'Item 3'. */
export function labelOf(key: string | number): string {
  if (typeof key === 'number' || /^\d+$/.test(key)) return `Item ${Number(key) + 1}`;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A document as its form reads back: no empty texts, no image field left without an image. */
function formed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(formed);
  if (!value || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  if ('width' in object && !object.src) return undefined;
  const entries = Object.entries(object)
    .map(([key, item]) => [key, formed(item)] as const)
    .filter(([, item]) => item !== '' && item !== undefined);
  return Object.fromEntries(entries);
}

/** Whether autosaved typing is what the form shows anyway (then there is nothing to give back). */
export const sameTyping = (typed: unknown, shown: unknown) =>
  JSON.stringify(formed(typed)) === JSON.stringify(formed(shown));
