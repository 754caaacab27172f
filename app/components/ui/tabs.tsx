// Tabs and pills (the same widget, two looks): a tablist whose arrow keys, Home and End move
// between tabs and select them, each tab controlling its panel. With `hrefFor` the tabs are links
// to the URL of each choice, so they still work without JavaScript (the server renders the
// selected panel); once hydrated a click selects in place.
import { type KeyboardEvent, type MouseEvent, type ReactNode, useId, useRef } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';
import './tabs.css';

export type TabItem<Id extends string> = { id: Id; label: string; content: ReactNode };

type TabsProps<Id extends string> = {
  /** Names the tablist. */
  label: string;
  items: ReadonlyArray<TabItem<Id>>;
  selected: Id;
  onSelect: (id: Id) => void;
  variant?: 'tabs' | 'pills';
  /** The URL of each choice, for tabs that must work without JavaScript. */
  hrefFor?: (id: Id) => string;
};

export function Tabs<Id extends string>({
  label,
  items,
  selected,
  onSelect,
  variant = 'tabs',
  hrefFor,
}: TabsProps<Id>) {
  const prefix = useId();
  const hydrated = useHydrated();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (id: Id) => `${prefix}-tab-${id}`;
  const panelId = (id: Id) => `${prefix}-panel-${id}`;

  function onKeyDown(event: KeyboardEvent) {
    const index = items.findIndex((item) => item.id === selected);
    const target = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = items[(target + items.length) % items.length]!;
    onSelect(next.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(next.id))}`)?.focus();
  }

  return (
    <div className="tabs" data-variant={variant}>
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the tabs in it take the focus (one at a time); the list hears their arrow keys */}
      <div ref={list} role="tablist" aria-label={label} className="tabs-list" onKeyDown={onKeyDown}>
        {items.map((item) => {
          const isSelected = item.id === selected;
          const props = {
            role: 'tab',
            id: tabId(item.id),
            className: 'tabs-tab',
            'aria-selected': isSelected,
            'aria-controls': panelId(item.id),
            // Roving focus needs scripts; without them every tab link stays in the tab order.
            tabIndex: hydrated ? (isSelected ? 0 : -1) : undefined,
            onClick: (event: MouseEvent) => {
              event.preventDefault();
              onSelect(item.id);
            },
          };
          return hrefFor ? (
            <a key={item.id} href={hrefFor(item.id)} {...props}>
              {item.label}
            </a>
          ) : (
            <button key={item.id} type="button" {...props}>
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={panelId(item.id)}
          aria-labelledby={tabId(item.id)}
          className="tabs-panel"
          hidden={item.id !== selected}
          tabIndex={0}
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
