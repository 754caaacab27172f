// Visitors and page views per day as an SVG drawn on the server (no chart library reaches the
// browser): page views as bars, visitors as a line, with the same figures in a table behind it
// for screen readers and for anyone who wants the numbers. Colours come from the theme tokens.
import { useId } from 'react';

type Day = { day: string; visitors: number; pageviews: number };

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 44 };

/** A round maximum for the axis: 1, 2 or 5 times a power of ten. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export function DailyChart({ days }: { days: Day[] }) {
  const ids = { title: useId(), desc: useId() };
  const max = niceMax(Math.max(0, ...days.map((day) => day.pageviews)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = plotWidth / Math.max(days.length, 1);
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const x = (index: number) => PAD.left + step * index + step / 2;
  const line = days
    .map((day, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(day.visitors).toFixed(1)}`)
    .join(' ');
  // At most about eight date labels, whatever the range.
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  const totalViews = days.reduce((sum, day) => sum + day.pageviews, 0);
  return (
    <figure className="analytics-chart">
      <figcaption>
        Visitors and page views per day
        <span className="analytics-legend" aria-hidden="true">
          <span data-series="pageviews">Page views</span> <span data-series="visitors">Visitors</span>
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={ids.title} aria-describedby={ids.desc}>
        <title id={ids.title}>Visitors and page views per day</title>
        <desc
          id={ids.desc}
        >{`${days.length} days, ${totalViews} page views in all; the table below has each day's figures.`}</desc>
        {[0, 0.5, 1].map((share) => (
          <g key={share} className="analytics-grid">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max * share)} y2={y(max * share)} />
            <text x={PAD.left - 6} y={y(max * share) + 4} textAnchor="end">
              {Math.round(max * share)}
            </text>
          </g>
        ))}
        {days.map((day, index) => (
          <rect
            key={day.day}
            className="analytics-bar"
            x={x(index) - step * 0.35}
            width={step * 0.7}
            y={y(day.pageviews)}
            height={Math.max(0, PAD.top + plotHeight - y(day.pageviews))}
          />
        ))}
        {days.length > 1 ? <path className="analytics-line" d={line} /> : null}
        {days.map((day, index) =>
          days.length <= 31 ? (
            <circle key={day.day} className="analytics-dot" cx={x(index)} cy={y(day.visitors)} r={3} />
          ) : null,
        )}
        {days.map((day, index) =>
          index % labelEvery === 0 ? (
            <text key={day.day} className="analytics-axis" x={x(index)} y={HEIGHT - 8} textAnchor="middle">
              {shortDay(day.day)}
            </text>
          ) : null,
        )}
      </svg>
      <details className="analytics-data">
        <summary>Table of the figures per day</summary>
        <table className="analytics-table">
          <caption>Visitors and page views per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Visitors</th>
              <th scope="col">Page views</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <td>{day.visitors}</td>
                <td>{day.pageviews}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
