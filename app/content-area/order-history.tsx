// The FAQ order's history on /content/faq (issue 31, decision 056): the newest change in words
// with an Undo button (a native form: it works without JavaScript, and after a reload, since the
// history is stored), and every earlier change under a disclosure.
import { Form } from 'react-router';
import type { FaqOrderState } from '../../server/services/content-order.ts';
import { Csrf } from '../components/sections/content/content-parts.tsx';
import { Button } from '../components/ui/button.tsx';
import { LocalTime } from './item-state.tsx';

/** The order's version travels with every form that moves an item: a stale one is refused (409). */
export const ORDER_VERSION_FIELD = 'orderVersion';

export function OrderVersion({ version }: { version: number }) {
  return <input type="hidden" name={ORDER_VERSION_FIELD} value={version} />;
}

export function OrderHistory({ order, csrfToken }: { order: FaqOrderState; csrfToken: string }) {
  const undoable = order.history.find((change) => change.undoable);
  return (
    <section className="content-history" aria-labelledby="order-history-title">
      <h2 id="order-history-title">Order history</h2>
      {order.history.length === 0 ? <p>The order has not been changed here yet.</p> : null}
      {undoable ? (
        <Form method="post" className="content-row-actions">
          <Csrf token={csrfToken} />
          <OrderVersion version={order.version} />
          <Button type="submit" name="intent" value="undo" variant="secondary" size="sm">
            Undo: {undoable.summary}
          </Button>
        </Form>
      ) : null}
      {order.history.length > 0 ? (
        <details>
          <summary>Every change of order ({order.history.length})</summary>
          <ol>
            {order.history.map((change) => (
              <li key={change.version}>
                Version {change.version}: {change.summary} by {change.username}, <LocalTime iso={change.at} />
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}
