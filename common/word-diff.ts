// A word-level diff for the Content area's clash screen (issue 31): which words of the stored
// text the editor's text drops and which it adds, so two versions are compared at a glance.
// Longest common subsequence over words (spaces kept with their word); the texts are at most a
// few thousand characters, so the quadratic table stays small, and past a bound the diff falls
// back to "all of theirs removed, all of yours added" rather than take long.

export type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string };

/** Above this many word pairs the table would be too large to be worth it. */
const MAX_CELLS = 4_000_000;

const words = (text: string) => text.match(/\s*\S+\s*|\s+/g) ?? [];

/** The parts that turn `before` into `after`, in order; neighbours of one kind joined. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = words(before);
  const b = words(after);
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += text;
    else if (text) parts.push({ kind, text });
  };
  if ((a.length + 1) * (b.length + 1) > MAX_CELLS) {
    push('removed', before);
    push('added', after);
    return parts;
  }
  // lengths[i][j]: the longest common run of a[i..] and b[j..], compared without their spaces.
  const same = (x: string, y: string) => x.trim() === y.trim();
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i * width + j] = same(a[i]!, b[j]!)
        ? lengths[(i + 1) * width + j + 1]! + 1
        : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (same(a[i]!, b[j]!)) {
      push('same', b[j]!);
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) push('removed', a[i++]!);
    else push('added', b[j++]!);
  }
  while (i < a.length) push('removed', a[i++]!);
  while (j < b.length) push('added', b[j++]!);
  return parts;
}
