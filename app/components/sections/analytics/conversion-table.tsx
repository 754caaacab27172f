// What converts, for one of source, campaign or landing page: each value's visitors beside the demo
// requests sent with it, how many booked a time, how far they went in the inbox, and the rate
// against the period before. A table whose rows carry a bar (demo requests), so the chart and its
// figures are one element; it scrolls sideways inside its card on a phone. Values are React text.
import type { ConversionRow } from '../../../../common/analytics.ts';

const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)} %`);

export function ConversionTable(props: { title: string; label: string; rows: ConversionRow[]; empty: string }) {
  const { title, label, rows, empty } = props;
  const max = Math.max(1, ...rows.map((row) => row.demo_requests));
  return (
    <section className="analytics-card" aria-label={title}>
      <h3 className="analytics-card-title">{title}</h3>
      {rows.length === 0 ? (
        <p className="analytics-empty">{empty}</p>
      ) : (
        // Focusable so that a keyboard can scroll it when it is wider than the card (axe's
        // scrollable-region-focusable); a group with a name, so a screen reader says what it is.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take the focus
        <div className="analytics-scroll" role="group" aria-label={`${title}, figures`} tabIndex={0}>
          <table className="analytics-table analytics-ranked analytics-conversion">
            <thead>
              <tr>
                <th scope="col">{label}</th>
                <th scope="col">Visitors</th>
                <th scope="col">Demo requests</th>
                <th scope="col">Booked</th>
                <th scope="col">In progress</th>
                <th scope="col">Done</th>
                <th scope="col">Rate</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.value ?? ''}>
                  <th scope="row">
                    <span className="analytics-value">{row.value ?? 'Not recorded'}</span>
                    {/* An SVG's own width attribute: the CSP allows no inline style. */}
                    <svg className="analytics-share" aria-hidden="true" focusable="false" width="100%" height="4">
                      <rect width={`${((row.demo_requests / max) * 100).toFixed(1)}%`} height="4" rx="2" />
                    </svg>
                  </th>
                  <td>{row.visitors}</td>
                  <td>{row.demo_requests}</td>
                  <td>{row.demos_booked}</td>
                  <td>{row.in_progress}</td>
                  <td>{row.done}</td>
                  <td>
                    {percent(row.rate)}
                    <small className="analytics-before">before {percent(row.previous.rate)}</small>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
