// Where a submission's visitor came from (issue 30): a compact Source block under what was sent,
// with the source and campaign each linked to the list filtered by it. Everything shown is React
// text (a forged value is only ever text), and a long value wraps rather than widening the page.
import { Link } from 'react-router';
import {
  ATTRIBUTION_LABELS,
  type AttributionField,
  CLICK_ID_PARAMS,
  referrerHost,
  UTM_PARAMS,
} from '../../common/attribution-fields.ts';
import type { InboxItem, InboxKind } from './inbox-client.ts';
import { inboxListPath } from './inbox-view.ts';

type Row = { label: string; value: string; to?: string; title?: string };

export function SourcePanel({ kind, attribution }: { kind: InboxKind; attribution: InboxItem['attribution'] }) {
  const rows: Row[] = [];
  if (attribution) {
    const { source } = attribution;
    const shown = (name: AttributionField) => attribution[name] ?? '';
    rows.push({ label: 'Source', value: source, to: inboxListPath({ kind, source }) });
    for (const name of UTM_PARAMS.filter((param) => param !== 'utm_source')) {
      const value = shown(name);
      if (value)
        rows.push({
          label: ATTRIBUTION_LABELS[name],
          value,
          ...(name === 'utm_campaign' ? { to: inboxListPath({ kind, campaign: value }) } : {}),
        });
    }
    if (attribution.utm_source && attribution.utm_source.toLowerCase() !== source.toLowerCase())
      rows.push({ label: ATTRIBUTION_LABELS.utm_source, value: attribution.utm_source });
    if (attribution.landing_page)
      rows.push({ label: ATTRIBUTION_LABELS.landing_page, value: attribution.landing_page });
    if (attribution.referrer)
      rows.push({ label: 'Referrer', value: referrerHost(attribution.referrer), title: attribution.referrer });
    const clickId = CLICK_ID_PARAMS.find((name) => attribution[name]);
    if (clickId) rows.push({ label: ATTRIBUTION_LABELS[clickId], value: shown(clickId) });
    if (attribution.page) rows.push({ label: ATTRIBUTION_LABELS.page, value: attribution.page });
  }
  return (
    <section className="inbox-panel inbox-source" aria-labelledby="inbox-source-title">
      <h2 id="inbox-source-title">Source</h2>
      {rows.length ? (
        <dl className="inbox-source-list">
          {rows.map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd title={row.title}>{row.to ? <Link to={row.to}>{row.value}</Link> : row.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="inbox-source-none">Not recorded: the form was sent without its source.</p>
      )}
    </section>
  );
}
