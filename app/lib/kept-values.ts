// What a Content post had typed when it found the sign-in over (decision 049): carried by the
// sign-in form in one hidden field and given back to the form after signing in, so nothing typed
// is lost. Shared by the server (reading the post) and the page (rendering the field).

/** The sign-in form's hidden field that carries the kept values. */
export const KEPT_FIELD = '_kept';
/** Most characters kept (the longest Content form, an FAQ item, is ~5,300). */
const KEPT_MAX_CHARS = 20_000;

/** The values worth keeping from a post: what was typed, never the CSRF token, keys or passwords. */
export function keptValues(values: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(values))
    if (!name.startsWith('_') && name !== 'password' && name !== 'username') kept[name] = value;
  return kept;
}

/** The kept values a sign-in post carries back, or null for none or anything malformed. */
export function readKept(field: string | undefined): Record<string, string> | null {
  if (!field || field.length > KEPT_MAX_CHARS) return null;
  try {
    const parsed: unknown = JSON.parse(field);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const entries = Object.entries(parsed as Record<string, unknown>);
    if (!entries.every(([, value]) => typeof value === 'string')) return null;
    return keptValues(Object.fromEntries(entries) as Record<string, string>);
  } catch {
    return null;
  }
}
