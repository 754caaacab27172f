// The portfolio's three product screens, drawn as original SVG mockups. Each is an image with
// the alternative text the content gives it.
import type { JSX } from 'react';
import type { HomeContent } from '../../../../content/home.schema.ts';
import '../../ui/job-status.css';
import './illustrations.css';

type Screen = HomeContent['portfolio']['items'][number]['screen'];

export function PortfolioScreen({ screen, alt }: { screen: Screen; alt: string }) {
  const Art = SCREENS[screen];
  return (
    <svg viewBox="0 0 400 260" className="art" role="img" aria-label={alt}>
      <Art />
    </svg>
  );
}

/** The window every desktop screen sits in: title bar and a narrow navigation rail. */
function AppWindow() {
  return (
    <>
      <rect width="400" height="260" className="art-soft" />
      <rect width="400" height="26" className="art-navy-deep" />
      <circle cx="16" cy="13" r="4" className="art-muted" />
      <circle cx="30" cy="13" r="4" className="art-muted" />
      <circle cx="44" cy="13" r="4" className="art-muted" />
      <rect x="0" y="26" width="44" height="234" className="art-navy" />
      <rect x="12" y="40" width="20" height="20" rx="5" className="art-blue" />
      {[76, 104, 132, 160, 188].map((y) => (
        <rect key={y} x="14" y={y} width="16" height="12" rx="3" className="art-navy-ink" />
      ))}
    </>
  );
}

function DispatchBoard() {
  const columns = [
    { x: 60, status: 'pending', cards: 3 },
    { x: 172, status: 'dispatched', cards: 2 },
    { x: 284, status: 'completed', cards: 3 },
  ];
  return (
    <>
      <AppWindow />
      <rect x="60" y="38" width="120" height="10" rx="5" className="art-navy-ink" />
      <rect x="328" y="36" width="60" height="16" rx="8" className="art-blue" />
      {columns.map((column) => (
        <g key={column.x}>
          <rect x={column.x} y="62" width="104" height="188" rx="8" className="art-line" />
          <rect x={column.x + 10} y="72" width="40" height="8" rx="4" className="job-status-fill" data-job-status={column.status} />
          {Array.from({ length: column.cards }, (_, index) => (
            <g key={index} transform={`translate(${column.x + 8} ${90 + index * 52})`}>
              <rect width="88" height="44" rx="6" className="art-white" />
              <rect x="8" y="9" width="52" height="6" rx="3" className="art-navy-ink" />
              <rect x="8" y="21" width="70" height="5" rx="2.5" className="art-muted" />
              <circle cx="14" cy="34" r="5" className="art-blue-soft" />
              <rect x="24" y="31" width="30" height="5" rx="2.5" className="art-muted" />
            </g>
          ))}
        </g>
      ))}
    </>
  );
}

function DriverApp() {
  const drops = [
    { y: 84, status: 'completed' },
    { y: 128, status: 'completed' },
    { y: 172, status: 'processing' },
    { y: 216, status: 'pending' },
  ];
  return (
    <>
      <rect width="400" height="260" className="art-blue-soft" />
      <circle cx="320" cy="70" r="90" className="art-white-glow" />
      <path d="M250 250c10-60 60-70 70-120s50-50 70-70" className="art-route" />
      <g transform="translate(120 14)">
        <rect width="160" height="300" rx="26" className="art-navy-deep" />
        <rect x="8" y="10" width="144" height="290" rx="20" className="art-white" />
        <rect x="8" y="30" width="144" height="30" className="art-blue" />
        <rect x="20" y="40" width="70" height="9" rx="4.5" className="art-white" />
        {drops.map((drop, index) => (
          <g key={drop.y} transform={`translate(18 ${drop.y - 10})`}>
            <rect width="124" height="36" rx="8" className="art-soft" />
            <circle cx="16" cy="18" r="9" className="job-status-fill" data-job-status={drop.status} />
            <text x="16" y="22" className="art-drop-number">
              {index + 1}
            </text>
            <rect x="32" y="9" width="62" height="6" rx="3" className="art-navy-ink" />
            <rect x="32" y="21" width="80" height="5" rx="2.5" className="art-muted" />
          </g>
        ))}
      </g>
    </>
  );
}

function StaffPortal() {
  const rows = [
    { y: 112, status: 'art-green-soft', dot: 'art-green' },
    { y: 142, status: 'art-amber-soft', dot: 'art-amber' },
    { y: 172, status: 'art-green-soft', dot: 'art-green' },
    { y: 202, status: 'art-line', dot: 'art-muted' },
    { y: 232, status: 'art-green-soft', dot: 'art-green' },
  ];
  return (
    <>
      <AppWindow />
      <rect x="60" y="38" width="140" height="10" rx="5" className="art-navy-ink" />
      {[60, 112, 170, 226, 274].map((x, index) => (
        <rect key={x} x={x} y="60" width={index === 2 ? 48 : 44} height="16" rx="8" className="art-white art-outline" />
      ))}
      <rect x="60" y="86" width="328" height="166" rx="8" className="art-white" />
      <rect x="60" y="86" width="328" height="20" rx="8" className="art-line" />
      {rows.map((row) => (
        <g key={row.y}>
          <circle cx="80" cy={row.y + 8} r="9" className="art-blue-soft" />
          <rect x="96" y={row.y + 2} width="70" height="6" rx="3" className="art-navy-ink" />
          <rect x="96" y={row.y + 12} width="46" height="5" rx="2.5" className="art-muted" />
          <rect x="196" y={row.y + 5} width="66" height="6" rx="3" className="art-muted" />
          <rect x="300" y={row.y} width="64" height="16" rx="8" className={row.status} />
          <circle cx="312" cy={row.y + 8} r="3.5" className={row.dot} />
          <rect x="320" y={row.y + 5} width="34" height="6" rx="3" className={row.dot} />
        </g>
      ))}
    </>
  );
}

const SCREENS: Record<Screen, () => JSX.Element> = {
  dispatchBoard: DispatchBoard,
  driverApp: DriverApp,
  staffPortal: StaffPortal,
};
