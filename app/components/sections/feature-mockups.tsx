// Original, simplified sketches of TMS screens for the feature pages that have one. They are
// illustrations (role="img" with the alt text from content/features.yaml), coloured from the
// design tokens through feature-mockups.css, with no numbers or names that could read as data.
import type { ReactNode } from 'react';
import type { FeatureSlug } from '../../../content/feature-slugs.ts';
import { type JobStatus, jobStatusOf } from '../../lib/job-status.ts';
import '../ui/job-status.css';
import './feature-mockups.css';

type Sketch = () => ReactNode;

/** The window every sketch is drawn in: a title bar and the side menu of the office screens. */
function Window({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <rect className="mock-frame" x="0.5" y="0.5" width="639" height="399" rx="12" />
      <path className="mock-bar" d="M0.5 12.5a12 12 0 0 1 12-12h615a12 12 0 0 1 12 12v23.5h-639z" />
      <circle className="mock-dot" cx="18" cy="18" r="4" />
      <circle className="mock-dot" cx="32" cy="18" r="4" />
      <circle className="mock-dot" cx="46" cy="18" r="4" />
      <text className="mock-bar-text" x="64" y="22">
        {title}
      </text>
      <rect className="mock-side" x="0.5" y="36" width="96" height="363.5" />
      {[0, 1, 2, 3, 4, 5, 6, 7].map((row) => (
        <rect key={row} className={row === 0 ? 'mock-side-active' : 'mock-side-item'} x="12" y={52 + row * 28} width="72" height="10" rx="5" />
      ))}
      {children}
    </>
  );
}

/** A few grey lines standing in for text. */
function Lines({ x, y, widths, gap = 16 }: { x: number; y: number; widths: number[]; gap?: number }) {
  return widths.map((width, index) => <rect key={index} className="mock-line" x={x} y={y + index * gap} width={width} height="7" rx="3.5" />);
}

function DashboardSketch() {
  // The job counters in their statuses' colours, the others in the accent.
  const counters: [string, JobStatus | undefined][] = [
    ['Pending Jobs', 'pending'],
    ['Processing Jobs', 'processing'],
    ['Active Drivers', undefined],
    ['Active Fleets', undefined],
  ];
  return (
    <Window title="Dashboard">
      {counters.map(([label, status], index) => (
        <g key={label}>
          <rect className="mock-card" x={110 + index * 130} y="50" width="118" height="62" rx="8" />
          <text className="mock-label" x={120 + index * 130} y="70">
            {label}
          </text>
          <rect className={status ? 'job-status-fill' : 'mock-fill-accent'} data-job-status={status} x={120 + index * 130} y="82" width={36 + index * 8} height="16" rx="4" />
        </g>
      ))}
      <rect className="mock-card" x="110" y="126" width="300" height="140" rx="8" />
      <text className="mock-label" x="122" y="146">
        Monthly Profit
      </text>
      {[48, 64, 40, 78, 70, 92, 84, 102].map((height, index) => (
        <rect key={index} className="mock-fill-accent" x={128 + index * 34} y={254 - height} width="20" height={height} rx="3" />
      ))}
      <rect className="mock-map" x="420" y="126" width="200" height="140" rx="8" />
      <path className="mock-road" d="M420 200c40-10 70 20 110 4s60-40 90-30M470 126c10 50-10 90 20 140M560 126c-10 40 20 80 0 140" />
      <circle className="mock-pin" cx="488" cy="200" r="6" />
      <circle className="mock-pin" cx="566" cy="176" r="6" />
      <circle className="mock-pin" cx="532" cy="236" r="6" />
      <text className="mock-label mock-on-map" x="430" y="144">
        Map Satellite
      </text>
      <rect className="mock-card" x="110" y="280" width="300" height="104" rx="8" />
      <text className="mock-label" x="122" y="300">
        Activities
      </text>
      {[0, 1, 2, 3].map((row) => (
        <g key={row}>
          <circle className="mock-fill-accent" cx="128" cy={318 + row * 17} r="4" />
          <Lines x={140} y={314 + row * 17} widths={[150 + (row % 2) * 60]} />
          <rect className="mock-line-soft" x="350" y={314 + row * 17} width="48" height="7" rx="3.5" />
        </g>
      ))}
      <rect className="mock-card" x="420" y="280" width="200" height="104" rx="8" />
      <text className="mock-label" x="432" y="300">
        Reminders
      </text>
      {[0, 1, 2].map((row) => (
        <g key={row}>
          <rect className="mock-fill-warn-soft" x="432" y={312 + row * 22} width="176" height="16" rx="8" />
          <Lines x={442} y={316 + row * 22} widths={[90 + row * 20]} />
        </g>
      ))}
    </Window>
  );
}

const JOB_TABS = ['Create Booking', 'Import CSV', 'Connotes', 'Local Dispatch', 'Local Manifest', 'Linehaul Dispatch', 'Linehaul Manifest', 'Activities'];
const JOB_ROWS = [
  { type: 'Local', status: 'PENDING' },
  { type: 'Linehaul', status: 'Dispatched' },
  { type: 'Local', status: 'PROCESSING' },
  { type: 'Empty Run', status: 'COMPLETED' },
  { type: 'Tow Haul', status: 'PROCESSING' },
  { type: 'Fleet Hire', status: 'CANCELLED' },
];

function JobsSketch() {
  return (
    <Window title="Jobs">
      {JOB_TABS.map((tab, index) => {
        const column = index % 4;
        const row = Math.floor(index / 4);
        return (
          <g key={tab}>
            <rect className={index === 3 ? 'mock-tab-active' : 'mock-tab'} x={110 + column * 130} y={48 + row * 30} width="122" height="24" rx="12" />
            <text className={index === 3 ? 'mock-tab-text-active' : 'mock-tab-text'} x={171 + column * 130} y={64 + row * 30} textAnchor="middle">
              {tab}
            </text>
          </g>
        );
      })}
      <rect className="mock-card" x="110" y="116" width="510" height="268" rx="8" />
      {['Job', 'Customer', 'Type', 'Driver', 'Status'].map((heading, index) => (
        <text key={heading} className="mock-label" x={[124, 196, 316, 408, 516][index]} y="140">
          {heading}
        </text>
      ))}
      <line className="mock-rule" x1="110" x2="620" y1="150" y2="150" />
      {JOB_ROWS.map((job, row) => {
        const y = 166 + row * 36;
        return (
          <g key={row}>
            <Lines x={124} y={y} widths={[52]} />
            <Lines x={196} y={y} widths={[90 - (row % 3) * 14]} />
            <text className="mock-cell" x="316" y={y + 7}>
              {job.type}
            </text>
            <Lines x={408} y={y} widths={[70 - (row % 2) * 16]} />
            <rect className="job-status-fill" data-job-status={jobStatusOf(job.status)} x="508" y={y - 6} width="100" height="20" rx="10" />
            <text className="mock-status-text job-status-text" x="558" y={y + 8} textAnchor="middle">
              {job.status}
            </text>
            {row < JOB_ROWS.length - 1 ? <line className="mock-rule-soft" x1="120" x2="610" y1={y + 22} y2={y + 22} /> : null}
          </g>
        );
      })}
    </Window>
  );
}

function MapTrackerSketch() {
  return (
    <Window title="Map Tracker">
      <rect className="mock-map" x="110" y="48" width="330" height="200" rx="8" />
      <path className="mock-road" d="M110 120c60 10 110-30 170-10s100 60 160 40M200 48c-10 60 30 120 10 200M360 48c20 50-20 110 10 200" />
      <path className="mock-route" d="M150 210c30-30 40-60 70-80s70-10 90-30 50-30 90-24" />
      <circle className="mock-pin" cx="150" cy="210" r="7" />
      <circle className="mock-pin-live" cx="400" cy="76" r="8" />
      <circle className="mock-pin" cx="300" cy="196" r="6" />
      <rect className="mock-card" x="452" y="48" width="168" height="200" rx="8" />
      {['Date', 'Activity type', 'Fleet', 'Job'].map((label, index) => (
        <g key={label}>
          <text className="mock-label" x="464" y={70 + index * 46}>
            {label}
          </text>
          <rect className="mock-input" x="464" y={77 + index * 46} width="144" height="20" rx="5" />
        </g>
      ))}
      <rect className="mock-card" x="110" y="260" width="510" height="124" rx="8" />
      {['Date', 'Activity', 'Fleet', 'Job'].map((heading, index) => (
        <text key={heading} className="mock-label" x={124 + index * 126} y="282">
          {heading}
        </text>
      ))}
      <line className="mock-rule" x1="110" x2="620" y1="292" y2="292" />
      {[0, 1, 2, 3].map((row) => (
        <g key={row}>
          {[0, 1, 2, 3].map((column) => (
            <rect key={column} className="mock-line" x={124 + column * 126} y={304 + row * 20} width={70 + ((row + column) % 3) * 14} height="7" rx="3.5" />
          ))}
        </g>
      ))}
    </Window>
  );
}

function MessagingSketch() {
  const channels = ['Mobile Push', 'SMS', 'Email'];
  return (
    <Window title="Messaging">
      {channels.map((channel, index) => (
        <g key={channel}>
          <rect className={index === 0 ? 'mock-tab-active' : 'mock-tab'} x={110 + index * 104} y="50" width="96" height="26" rx="13" />
          <text className={index === 0 ? 'mock-tab-text-active' : 'mock-tab-text'} x={158 + index * 104} y="67" textAnchor="middle">
            {channel}
          </text>
        </g>
      ))}
      {['Recipient', 'Subject'].map((label, index) => (
        <g key={label}>
          <text className="mock-label" x="110" y={104 + index * 56}>
            {label}
          </text>
          <rect className="mock-input" x="110" y={112 + index * 56} width="300" height="28" rx="6" />
        </g>
      ))}
      <text className="mock-label" x="110" y="216">
        Message
      </text>
      <rect className="mock-input" x="110" y="224" width="300" height="112" rx="6" />
      <Lines x={122} y={238} widths={[250, 270, 180]} />
      <rect className="mock-fill-accent" x="110" y="348" width="96" height="30" rx="15" />
      <text className="mock-button-text" x="158" y="367" textAnchor="middle">
        Send
      </text>
      <rect className="mock-phone" x="450" y="50" width="150" height="300" rx="20" />
      <rect className="mock-phone-screen" x="460" y="70" width="130" height="260" rx="8" />
      <rect className="mock-card" x="468" y="86" width="114" height="58" rx="8" />
      <circle className="mock-fill-accent" cx="482" cy="102" r="7" />
      <Lines x={496} y={98} widths={[70]} />
      <Lines x={478} y={118} widths={[94, 70]} gap={12} />
    </Window>
  );
}

function EmployeeRegistrationsSketch() {
  const buttons = ['Columns', 'Summary', 'Filter List', 'Print', 'Export'];
  return (
    <Window title="Employee Registrations">
      {buttons.map((label, index) => (
        <g key={label}>
          <rect className="mock-tab" x={110 + index * 100} y="50" width="92" height="28" rx="6" />
          <text className="mock-tab-text" x={156 + index * 100} y="68" textAnchor="middle">
            {label}
          </text>
        </g>
      ))}
      <rect className="mock-card" x="110" y="92" width="510" height="292" rx="8" />
      {['Name', 'Position', 'Registered', 'Status'].map((heading, index) => (
        <text key={heading} className="mock-label" x={124 + index * 126} y="116">
          {heading}
        </text>
      ))}
      <line className="mock-rule" x1="110" x2="620" y1="126" y2="126" />
      {[0, 1, 2, 3, 4, 5, 6].map((row) => (
        <g key={row}>
          <circle className="mock-fill-accent-soft" cx="132" cy={148 + row * 34} r="9" />
          <Lines x={148} y={144 + row * 34} widths={[70 - (row % 3) * 10]} />
          <Lines x={250} y={144 + row * 34} widths={[64 + (row % 2) * 20]} />
          <Lines x={376} y={144 + row * 34} widths={[60]} />
          <rect className="mock-fill-success-soft" x="502" y={140 + row * 34} width="60" height="16" rx="8" />
        </g>
      ))}
    </Window>
  );
}

const SKETCHES: Partial<Record<FeatureSlug, Sketch>> = {
  dashboard: DashboardSketch,
  jobs: JobsSketch,
  mapTracker: MapTrackerSketch,
  messaging: MessagingSketch,
  employeeRegistrations: EmployeeRegistrationsSketch,
};

export function hasMockup(slug: FeatureSlug) {
  return slug in SKETCHES;
}

/** The feature's screen sketch with its caption, or nothing when it has none. */
export function FeatureMockup({ slug, alt, caption }: { slug: FeatureSlug; alt: string; caption: string }) {
  const Sketch = SKETCHES[slug];
  if (!Sketch) return null;
  return (
    <figure className="feature-mockup">
      <svg className="mock" viewBox="0 0 640 400" width="640" height="400" role="img" aria-label={alt}>
        <Sketch />
      </svg>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
