// One Open Graph card (1200×630 PNG): the brand's mark and name, the page's title and summary on
// the navy of the site's hero, an amber rule as in the navbar's focus colour. Drawn by sharp at
// build time, and on demand for a page edited since (live-cards.ts): the shapes are SVG (no text
// in it, so librsvg needs no system font), the words are Pango text set in Inter from a TrueType
// file in node_modules, so every machine renders the same card whatever fonts it has installed.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

const require = createRequire(import.meta.url);
const fontFile = (weight: string) => require.resolve(`@expo-google-fonts/inter/${weight}/Inter_${weight}.ttf`);
const FONT_BOLD = fontFile('700Bold');
const FONT_REGULAR = fontFile('400Regular');
const LOGO = fileURLToPath(new URL('../../../public/favicon.svg', import.meta.url));

// The site's tokens (app/styles/tokens.css): --color-navy-900, -800, --color-blue-600,
// --color-amber-400, --ink-inverse-muted.
const NAVY_900 = '#0b1f44';
const NAVY_800 = '#12305f';
const BLUE_600 = '#0b5fff';
const AMBER_400 = '#ffb020';
const INK_INVERSE_MUTED = '#c7d3ea';

const MARGIN = 80;
const TEXT_WIDTH = CARD_WIDTH - 2 * MARGIN;
const TITLE_TOP = 210;
const TITLE_MAX_HEIGHT = 190;
const SUMMARY_GAP = 28;
const BOTTOM_LIMIT = CARD_HEIGHT - 70;

export type CardText = { brand: string; title: string; summary: string };

const escapeMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Pango text as a transparent PNG, wrapped at the text width. */
async function textImage(text: string, options: { fontFile: string; font: string; size: number; colour: string }) {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${options.colour}">${escapeMarkup(text)}</span>`,
      font: `${options.font} ${options.size}`,
      fontfile: options.fontFile,
      width: TEXT_WIDTH,
      wrap: 'word',
      rgba: true,
      // One point per pixel: sizes below are pixels.
      dpi: 72,
      spacing: Math.round(options.size * 0.25),
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, height: info.height };
}

/** The title at the largest size that fits two lines. */
async function titleImage(title: string) {
  for (const size of [72, 64, 56, 48]) {
    const image = await textImage(title, { fontFile: FONT_BOLD, font: 'Inter Bold', size, colour: '#ffffff' });
    if (image.height <= TITLE_MAX_HEIGHT || size === 48) return image;
  }
  throw new Error('unreachable');
}

/** The summary in as many whole words as fit the space left, with an ellipsis when cut. */
async function summaryImage(summary: string, maxHeight: number) {
  const words = summary.split(/\s+/).filter(Boolean);
  const render = (count: number) =>
    textImage(
      count < words.length
        ? `${words
            .slice(0, count)
            .join(' ')
            .replace(/[,;:.]$/, '')}…`
        : summary,
      {
        fontFile: FONT_REGULAR,
        font: 'Inter',
        size: 32,
        colour: INK_INVERSE_MUTED,
      },
    );
  const whole = await render(words.length);
  if (whole.height <= maxHeight) return whole;
  // The longest prefix that fits, by bisection over the word count.
  let low = 1;
  let high = words.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((await render(middle)).height <= maxHeight) low = middle;
    else high = middle - 1;
  }
  return render(low);
}

function background(): Buffer {
  // A route with stops across the right-hand side: the product's subject, in the brand's blues.
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">
  <rect width="100%" height="100%" fill="${NAVY_900}"/>
  <circle cx="1130" cy="40" r="300" fill="${NAVY_800}"/>
  <path d="M760 150 C 900 60, 980 230, 1090 150 S 1180 60, 1230 110" fill="none" stroke="${BLUE_600}" stroke-width="6" stroke-dasharray="18 14" stroke-linecap="round" opacity="0.8"/>
  <circle cx="760" cy="150" r="12" fill="${BLUE_600}"/>
  <circle cx="1090" cy="150" r="12" fill="${AMBER_400}"/>
  <rect x="${MARGIN}" y="${TITLE_TOP - 36}" width="96" height="8" rx="4" fill="${AMBER_400}"/>
  <rect y="${CARD_HEIGHT - 14}" width="100%" height="14" fill="${BLUE_600}"/>
</svg>`);
}

/** The card for one page, as PNG bytes. */
export async function renderSocialCard({ brand, title, summary }: CardText): Promise<Buffer> {
  const logo = await sharp(LOGO, { density: 288 }).resize(64, 64).png().toBuffer();
  const name = await textImage(brand, { fontFile: FONT_BOLD, font: 'Inter Bold', size: 40, colour: '#ffffff' });
  const heading = await titleImage(title);
  const summaryTop = TITLE_TOP + heading.height + SUMMARY_GAP;
  const body = summary ? await summaryImage(summary, BOTTOM_LIMIT - summaryTop) : undefined;
  return sharp(background())
    .composite([
      { input: logo, left: MARGIN, top: 64 },
      { input: name.data, left: MARGIN + 84, top: 64 + Math.round((64 - name.height) / 2) },
      { input: heading.data, left: MARGIN, top: TITLE_TOP },
      ...(body ? [{ input: body.data, left: MARGIN, top: summaryTop }] : []),
    ])
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
}
