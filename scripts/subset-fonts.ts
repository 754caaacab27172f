// Makes the brand typeface's files (issue 28, decision 037): Inter (SIL Open Font Licence 1.1,
// from the @expo-google-fonts/inter devDependency) cut to the Latin range the site's copy uses,
// as WOFF2, in the weights the site sets (400 and 700; semibold text takes the 700 face, one request fewer). Run once when the range or the
// weights change: `node scripts/subset-fonts.ts`; the files are committed in app/styles/fonts/,
// and Vite gives them hashed, immutably cached URLs.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
// @ts-expect-error: subset-font ships no types; it takes the font, the text and the format.
import subsetFontUntyped from 'subset-font';

const subsetFont = subsetFontUntyped as (
  font: Buffer,
  text: string,
  options: { targetFormat: 'woff2' },
) => Promise<Buffer>;

/** Basic Latin, Latin-1, the typographic punctuation (’ “ ” – — …), €, ™, arrows and minus. */
const RANGES: Array<[number, number]> = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x131, 0x131],
  [0x152, 0x153],
  [0x2c6, 0x2c6],
  [0x2dc, 0x2dc],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2193],
  [0x2212, 0x2212],
];
const text = RANGES.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index)),
).join('');

const SOURCE = 'node_modules/@expo-google-fonts/inter';
const WEIGHTS = {
  400: '400Regular/Inter_400Regular.ttf',
  700: '700Bold/Inter_700Bold.ttf',
} as const;

for (const [weight, file] of Object.entries(WEIGHTS)) {
  const subset = await subsetFont(await readFile(join(SOURCE, file)), text, { targetFormat: 'woff2' });
  const target = `app/styles/fonts/inter-latin-${weight}.woff2`;
  await writeFile(target, subset);
  console.log(`${target}: ${(subset.length / 1024).toFixed(1)} KB`);
}
