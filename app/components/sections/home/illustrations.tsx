// Original artwork for the home page, drawn as inline SVG so it takes the design tokens' colours
// (illustrations.css) and costs no request. Decorative pieces are aria-hidden; the portfolio
// screens (portfolio-screens.tsx) carry their own alternative text.
import './illustrations.css';

type ArtProps = { className?: string };

const artClass = (extra?: string) => (extra ? `art ${extra}` : 'art');

/** Slide 1: a truck on its route across a street map, with the job's ETA card. */
export function RouteArt({ className }: ArtProps) {
  return (
    <svg viewBox="0 0 480 360" className={artClass(className)} aria-hidden="true" focusable="false">
      <rect x="16" y="24" width="448" height="312" rx="28" className="art-map" />
      <path d="M16 118h448M16 246h448M148 24v312M332 24v312" className="art-street" />
      <rect x="352" y="44" width="92" height="56" rx="12" className="art-park" />
      <rect x="36" y="140" width="92" height="86" rx="12" className="art-park" />
      <path d="M84 292c40-96 104-20 152-104s124-70 164-122" className="art-route-glow" />
      <path d="M84 292c40-96 104-20 152-104s124-70 164-122" className="art-route" />
      <circle cx="84" cy="292" r="14" className="art-blue" />
      <circle cx="84" cy="292" r="5" className="art-white" />
      <path d="M400 30c-17 0-30 13-30 30 0 22 30 48 30 48s30-26 30-48c0-17-13-30-30-30z" className="art-amber" />
      <circle cx="400" cy="60" r="10" className="art-navy" />
      <g transform="translate(196 158)">
        <rect x="0" y="0" width="58" height="36" rx="5" className="art-white" />
        <path d="M58 10h16l12 13v13H58z" className="art-blue" />
        <rect x="64" y="14" width="10" height="8" rx="1.5" className="art-blue-soft" />
        <circle cx="16" cy="38" r="7" className="art-navy-deep" />
        <circle cx="70" cy="38" r="7" className="art-navy-deep" />
        <rect x="8" y="9" width="34" height="5" rx="2.5" className="art-line" />
        <rect x="8" y="19" width="22" height="5" rx="2.5" className="art-line" />
      </g>
      <g transform="translate(268 232)">
        <rect x="0" y="0" width="176" height="84" rx="14" className="art-white art-shadow" />
        <rect x="16" y="16" width="72" height="8" rx="4" className="art-muted" />
        <rect x="16" y="34" width="112" height="12" rx="6" className="art-navy-ink" />
        <rect x="16" y="58" width="64" height="14" rx="7" className="art-green-soft" />
        <circle cx="28" cy="65" r="4" className="art-green" />
        <rect x="36" y="62" width="36" height="6" rx="3" className="art-green" />
        <rect x="112" y="58" width="48" height="14" rx="7" className="art-blue-soft" />
      </g>
    </svg>
  );
}

/** Slide 2: the driver app on a phone, capturing proof of delivery, beside a pre-start checklist. */
export function DriverAppArt({ className }: ArtProps) {
  return (
    <svg viewBox="0 0 480 360" className={artClass(className)} aria-hidden="true" focusable="false">
      <circle cx="250" cy="180" r="150" className="art-halo" />
      <g transform="translate(150 20)">
        <rect x="0" y="0" width="180" height="320" rx="30" className="art-navy-deep" />
        <rect x="10" y="12" width="160" height="296" rx="22" className="art-white" />
        <rect x="66" y="20" width="48" height="8" rx="4" className="art-navy-deep" />
        <rect x="10" y="36" width="160" height="54" className="art-blue" />
        <rect x="24" y="50" width="80" height="8" rx="4" className="art-white" />
        <rect x="24" y="66" width="112" height="10" rx="5" className="art-blue-soft" />
        <rect x="24" y="104" width="132" height="72" rx="10" className="art-soft" />
        <path d="M36 156c14-26 24-26 30-6s16 14 24-6 20-18 26 2 14 10 26-6" className="art-signature" />
        <rect x="24" y="188" width="60" height="46" rx="8" className="art-blue-soft" />
        <path d="M30 226l14-16 10 10 8-8 16 14z" className="art-blue" />
        <circle cx="70" cy="200" r="5" className="art-amber" />
        <rect x="96" y="188" width="60" height="46" rx="8" className="art-line" />
        <path d="M126 200v22M115 211h22" className="art-plus" />
        <rect x="24" y="250" width="132" height="38" rx="19" className="art-green" />
        <path d="M72 269l8 8 16-16" className="art-check-white" />
      </g>
      <g transform="translate(318 70)">
        <rect x="0" y="0" width="148" height="124" rx="14" className="art-white art-shadow" />
        <rect x="16" y="16" width="84" height="8" rx="4" className="art-navy-ink" />
        <circle cx="26" cy="48" r="9" className="art-green" />
        <path d="M21 48l4 4 6-7" className="art-check-white-thin" />
        <rect x="44" y="44" width="84" height="8" rx="4" className="art-muted" />
        <circle cx="26" cy="76" r="9" className="art-green" />
        <path d="M21 76l4 4 6-7" className="art-check-white-thin" />
        <rect x="44" y="72" width="70" height="8" rx="4" className="art-muted" />
        <circle cx="26" cy="104" r="9" className="art-ring" />
        <rect x="44" y="100" width="78" height="8" rx="4" className="art-muted" />
      </g>
      <g transform="translate(28 214)">
        <rect x="0" y="0" width="142" height="62" rx="14" className="art-white art-shadow" />
        <circle cx="30" cy="31" r="15" className="art-amber" />
        <path d="M24 31h12M30 25v12" className="art-plus-navy" />
        <rect x="54" y="20" width="70" height="8" rx="4" className="art-navy-ink" />
        <rect x="54" y="36" width="46" height="8" rx="4" className="art-muted" />
      </g>
    </svg>
  );
}

/** Slide 3: an invoice raised from delivered jobs, a compliance shield and an expiry reminder. */
export function InvoiceArt({ className }: ArtProps) {
  return (
    <svg viewBox="0 0 480 360" className={artClass(className)} aria-hidden="true" focusable="false">
      <circle cx="230" cy="180" r="150" className="art-halo" />
      <g transform="translate(96 28)">
        <rect x="0" y="0" width="232" height="300" rx="16" className="art-white art-shadow" />
        <rect x="24" y="26" width="40" height="40" rx="10" className="art-blue" />
        <rect x="80" y="30" width="96" height="10" rx="5" className="art-navy-ink" />
        <rect x="80" y="50" width="64" height="8" rx="4" className="art-muted" />
        <rect x="24" y="90" width="184" height="1.5" className="art-muted" />
        <rect x="24" y="108" width="110" height="8" rx="4" className="art-muted" />
        <rect x="164" y="108" width="44" height="8" rx="4" className="art-navy-ink" />
        <rect x="24" y="134" width="92" height="8" rx="4" className="art-muted" />
        <rect x="164" y="134" width="44" height="8" rx="4" className="art-navy-ink" />
        <rect x="24" y="160" width="124" height="8" rx="4" className="art-muted" />
        <rect x="164" y="160" width="44" height="8" rx="4" className="art-navy-ink" />
        <rect x="24" y="186" width="184" height="1.5" className="art-muted" />
        <rect x="24" y="204" width="56" height="10" rx="5" className="art-navy-ink" />
        <rect x="148" y="202" width="60" height="14" rx="7" className="art-blue" />
        <rect x="24" y="246" width="84" height="28" rx="14" className="art-green-soft" />
        <path d="M38 260l6 6 10-11" className="art-check-green" />
        <rect x="60" y="256" width="36" height="8" rx="4" className="art-green" />
      </g>
      <g transform="translate(300 170)">
        <path d="M60 0l58 22v46c0 42-26 70-58 84C28 138 2 110 2 68V22z" className="art-navy-deep" />
        <path d="M60 14l44 17v37c0 33-20 56-44 68-24-12-44-35-44-68V31z" className="art-blue" />
        <path d="M40 72l14 14 28-30" className="art-check-white" />
      </g>
      <g transform="translate(320 42)">
        <rect x="0" y="0" width="136" height="92" rx="14" className="art-white art-shadow" />
        <path d="M34 24a14 14 0 0 1 14 14v12l5 7H15l5-7V38a14 14 0 0 1 14-14z" className="art-amber" />
        <circle cx="34" cy="62" r="4" className="art-amber" />
        <rect x="64" y="28" width="56" height="8" rx="4" className="art-navy-ink" />
        <rect x="64" y="44" width="40" height="8" rx="4" className="art-muted" />
        <rect x="16" y="74" width="104" height="6" rx="3" className="art-line" />
        <rect x="16" y="74" width="74" height="6" rx="3" className="art-amber" />
      </g>
    </svg>
  );
}

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
    <svg viewBox="0 0 640 360" className={artClass(className)} aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMid slice">
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
