// Original artwork for the home page, drawn as inline SVG so it takes the design tokens' colours
// (illustrations.css) and costs no request; both pieces are decorative (aria-hidden). The hero
// and the portfolio show product screens instead (app/components/ui/product-screen.tsx).
import './illustrations.css';

type ArtProps = { className?: string };

const artClass = (extra?: string) => (extra ? `art ${extra}` : 'art');

/** API Integration: Haulora in the middle, connected to ordering, accounting, warehouse and in-house code. */
export function IntegrationArt({ className }: ArtProps) {
  return (
    <svg viewBox="24 28 432 304" className={artClass(className)} aria-hidden="true" focusable="false">
      <path d="M240 180L96 76M240 180L384 76M240 180L96 284M240 180L384 284" className="art-link" />
      <path d="M240 180L96 76M240 180L384 76M240 180L96 284M240 180L384 284" className="art-link-flow" />
      <circle cx="240" cy="180" r="66" className="art-halo-strong" />
      <circle cx="240" cy="180" r="48" className="art-blue" />
      <g transform="translate(212 162)">
        <rect x="0" y="4" width="34" height="24" rx="3" className="art-white" />
        <path d="M34 10h11l9 9v9H34z" className="art-white" />
        <circle cx="10" cy="30" r="5" className="art-navy-deep" />
        <circle cx="44" cy="30" r="5" className="art-navy-deep" />
      </g>
      <g transform="translate(48 40)">
        <rect width="96" height="72" rx="16" className="art-node" />
        <path d="M30 24h6l6 22h20l5-15H40" className="art-glyph" />
        <circle cx="45" cy="52" r="3" className="art-amber" />
        <circle cx="60" cy="52" r="3" className="art-amber" />
      </g>
      <g transform="translate(336 40)">
        <rect width="96" height="72" rx="16" className="art-node" />
        <rect x="32" y="18" width="32" height="38" rx="4" className="art-glyph" />
        <path d="M38 28h20M38 38h8M50 38h8M38 47h8M50 47h8" className="art-glyph" />
      </g>
      <g transform="translate(48 248)">
        <rect width="96" height="72" rx="16" className="art-node" />
        <path d="M28 30l20-10 20 10v22l-20 10-20-10z M28 30l20 10 20-10 M48 40v22" className="art-glyph" />
      </g>
      <g transform="translate(336 248)">
        <rect width="96" height="72" rx="16" className="art-node" />
        <path d="M38 24l-12 12 12 12M58 24l12 12-12 12M52 20l-8 32" className="art-glyph" />
      </g>
    </svg>
  );
}

/** The contact map's static preview: a stylised street map around the office, with a pin. */
export function MapPreviewArt({ className }: ArtProps) {
  return (
    <svg
      viewBox="0 0 640 360"
      className={artClass(className)}
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="xMidYMid slice"
    >
      <rect width="640" height="360" className="art-land" />
      <path d="M470 0h170v360H520c-30-60 10-120-20-180S440 60 470 0z" className="art-water" />
      <rect x="40" y="34" width="120" height="80" rx="10" className="art-green-park" />
      <rect x="300" y="250" width="110" height="70" rx="10" className="art-green-park" />
      <path d="M0 150h500M0 270h520M90 0v360M230 0v360M380 0v360M0 40h470" className="art-road" />
      <path d="M0 330L470 90" className="art-road-main" />
      <g transform="translate(300 128)">
        <ellipse cx="20" cy="60" rx="16" ry="5" className="art-pin-shadow" />
        <path d="M20 0C9 0 0 9 0 20c0 15 20 38 20 38s20-23 20-38C40 9 31 0 20 0z" className="art-pin" />
        <circle cx="20" cy="20" r="7" className="art-white" />
      </g>
    </svg>
  );
}
