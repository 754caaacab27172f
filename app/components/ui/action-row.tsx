// A row of buttons that wraps on narrow screens (calls to action in heroes and bands).
import type { ReactNode } from 'react';
import './action-row.css';

export function ActionRow({ children }: { children: ReactNode }) {
  return <p className="action-row">{children}</p>;
}
