// A ranked list (top pages, sources, campaigns, entry pages, devices, searches) as a table whose
// rows carry a bar (a tiny SVG): the chart and its table are one element, read alike by eye and
// by a screen reader. Values are text as stored (React escapes them).
import type { RankedRow } from '../../../../common/analytics.ts';

type Column = 'visitors' | 'events' | 'conversions';

const HEADINGS: Record<Column, string> = { visitors: 'Visitors', events: 'Count', conversions: 'Demos' };

export function RankedTable(props: {
  title: string;
  label: string;
  rows: RankedRow[];
  columns: Column[];
  barBy?: Column;
  empty?: string;
  rate?: boolean;
}) {
  const {
    title,
    label,
    rows,
    columns,
    barBy = columns[0]!,
    empty = 'Nothing counted in this period.',
    rate = false,
  } = props;
  const max = Math.max(1, ...rows.map((row) => row[barBy]));
  return (
    <section className="analytics-card" aria-label={title}>
      <h2 className="analytics-card-title">{title}</h2>
      {rows.length === 0 ? (
        <p className="analytics-empty">{empty}</p>
      ) : (
        <table className="analytics-table analytics-ranked">
          <thead>
            <tr>
              <th scope="col">{label}</th>
              {columns.map((column) => (
                <th scope="col" key={column}>
                  {HEADINGS[column]}
                </th>
              ))}
              {rate ? <th scope="col">Rate</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.value}>
                <th scope="row">
                  <span className="analytics-value">{row.value}</span>
                  {/* An SVG's own width attribute: the CSP allows no inline style. */}
                  <svg className="analytics-share" aria-hidden="true" focusable="false" width="100%" height="4">
                    <rect width={`${((row[barBy] / max) * 100).toFixed(1)}%`} height="4" rx="2" />
                  </svg>
                </th>
                {columns.map((column) => (
                  <td key={column}>{row[column]}</td>
                ))}
                {rate ? (
                  <td>{row.visitors ? `${((row.conversions / row.visitors) * 100).toFixed(1)} %` : '–'}</td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
