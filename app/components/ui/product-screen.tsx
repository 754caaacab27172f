// A product screen (app/lib/screens.server.ts): one <picture> that fetches exactly one file, the
// one for the page's theme and the viewport (decision 034). The theme the server rendered (or the
// visitor's choice in this tab) decides which files are offered; with "match my system" the
// browser picks by prefers-color-scheme; printing picks the light files. On a phone, or wherever
// `detail` says, the screen's readable detail replaces the whole. Plain markup: nothing here runs
// in the browser but React.
//
// `inline` draws the screen into the page's HTML instead: it paints with the document, with no
// request, in the colours of whatever theme the page shows (a page's first screen: each feature
// page's, the home hero's first slide's).
//
// `later` holds the screen's place and fetches nothing until it turns false: for a screen out of
// sight that the browser would otherwise fetch with the page (lazy loading counts the home hero's
// other slides, a horizontal scroll away, as near). Without JavaScript a <noscript> has the picture.
import { useContext, useState } from 'react';
import type { ScreenId } from '../../../content/screens.schema.ts';
import { InlineScreens } from '../../lib/inline-screens.ts';
import { isPageHydrated } from '../../lib/use-hydrated.ts';
import { useTheme } from '../../lib/use-theme.ts';
import './product-screen.css';

type Size = { width: number; height: number };
type Files = { full: string; detail: string };
export type ScreenImage = {
  id: ScreenId;
  alt: string;
  caption: string;
  full: Size;
  detail: Size;
  light: Files;
  dark: Files;
  /** The server has this screen's markup for drawing it inline. */
  inline: boolean;
};

/** Where the detail is shown instead of the whole: phones, by default. */
export const PHONE_MEDIA = '(max-width: 40rem)';

type Props = {
  screen: ScreenImage;
  /** The first thing on screen: fetched at once instead of when scrolled near. */
  priority?: boolean;
  /** The media query under which the detail shows; 'always' for small tiles. */
  detail?: string | 'always';
  className?: string;
  /** Drawn into the page's HTML (the whole, or the detail on a phone): the page's first screen. */
  inline?: boolean;
  /** Not fetched yet: an empty box of the screen's size (the default `detail` only). */
  later?: boolean;
};

export function ProductScreen(props: Props) {
  if (!props.later) return <ScreenPicture {...props} />;
  const { screen, className } = props;
  // The boxes reuse the inline drawing's rules: the whole's proportions, or the detail's on a phone.
  return (
    <div
      className={
        className
          ? `product-screen screen-inline screen-later ${className}`
          : 'product-screen screen-inline screen-later'
      }
    >
      <svg
        className="screen-inline-full"
        viewBox={`0 0 ${screen.full.width} ${screen.full.height}`}
        aria-hidden="true"
      />
      <svg
        className="screen-inline-detail"
        viewBox={`0 0 ${screen.detail.width} ${screen.detail.height}`}
        aria-hidden="true"
      />
      <noscript>
        <ScreenPicture {...props} />
      </noscript>
    </div>
  );
}

function ScreenPicture({ screen, priority = false, detail = PHONE_MEDIA, className, inline = false }: Props) {
  const theme = useTheme();
  const markup = useContext(InlineScreens)[screen.id];
  // Only the server's HTML holds the drawing (the page's data does not): hydration keeps it as it
  // is; a page rendered in the browser (reached by a link in the tab) shows the files instead.
  const [inServerHtml] = useState(() => !isPageHydrated());
  if (inline && screen.inline && inServerHtml) {
    return (
      <div
        className={className ? `product-screen screen-inline ${className}` : 'product-screen screen-inline'}
        data-pagefind-ignore=""
        dangerouslySetInnerHTML={{ __html: markup ?? '' }}
        suppressHydrationWarning
      />
    );
  }
  // The sources in the order the browser tries them; the <img> is the last resort.
  // Print is always light (app/styles/print.css), so the dark files are for the screen only.
  const sources: { media?: string; files: Files }[] =
    theme === 'light'
      ? [{ files: screen.light }]
      : [
          { media: theme === 'dark' ? 'screen' : 'screen and (prefers-color-scheme: dark)', files: screen.dark },
          { files: screen.light },
        ];
  const fallback = sources.at(-1)!.files;
  const always = detail === 'always';
  const sourceTags = sources.flatMap(({ media, files }, index) => {
    const isFallback = index === sources.length - 1;
    const tags = [];
    if (!always) tags.push({ media: join(media, detail), src: files.detail, size: screen.detail });
    if (!isFallback)
      tags.push({ media, src: always ? files.detail : files.full, size: always ? screen.detail : screen.full });
    return tags;
  });
  const imgSize = always ? screen.detail : screen.full;
  return (
    <picture className={className ? `product-screen ${className}` : 'product-screen'}>
      {sourceTags.map((source) => (
        <source
          key={`${source.media}-${source.src}`}
          media={source.media}
          srcSet={source.src}
          width={source.size.width}
          height={source.size.height}
        />
      ))}
      <img
        src={always ? fallback.detail : fallback.full}
        alt={screen.alt}
        width={imgSize.width}
        height={imgSize.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        // The first screen paints in the frame its bytes arrive in (it is the largest paint).
        decoding={priority ? undefined : 'async'}
      />
    </picture>
  );
}

const join = (...queries: (string | undefined)[]) => queries.filter(Boolean).join(' and ') || undefined;
