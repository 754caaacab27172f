// The funnel from a visit to a demo request and on into the inbox: each step's count, its share
// of the visits, and a bar; the steps from the inbox are the demo requests received in the period,
// those with a time booked (from the bookings) and their status there. An ordered list, so its order is read out as well as seen.
type Step = { step: string; label: string; count: number };

export function Funnel({ steps }: { steps: Step[] }) {
  const visits = steps[0]?.count ?? 0;
  const max = Math.max(1, ...steps.map((step) => step.count));
  return (
    <section className="analytics-card analytics-funnel" aria-label="Funnel">
      <h2 className="analytics-card-title">Funnel</h2>
      <p className="analytics-note">
        Visitors of each day who reached each step; the last four are the period’s demo requests in the inbox: all of
        them, those with a time booked, then by status.
      </p>
      <ol>
        {steps.map((step) => (
          <li key={step.step} data-from={step.step.startsWith('inbox') ? 'inbox' : 'site'}>
            <span className="analytics-funnel-label">{step.label}</span>
            <span className="analytics-funnel-count">
              {step.count}
              {visits && !step.step.startsWith('inbox') && step.step !== 'visit' ? (
                <small> ({((step.count / visits) * 100).toFixed(1)} % of visits)</small>
              ) : null}
            </span>
            <svg className="analytics-share" aria-hidden="true" focusable="false" width="100%" height="8">
              <rect width={`${((step.count / max) * 100).toFixed(1)}%`} height="8" rx="3" />
            </svg>
          </li>
        ))}
      </ol>
    </section>
  );
}
