// A date picker: a month calendar built on Intl (en-AU: weeks from Monday), with the weekend,
// Saturday and Sunday (spec 9), marked. Each day is a button; the arrow keys move a day or a week,
// Page Up and Page Down a month, Home and End to the week's ends; Enter or Space picks the day.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { addDays, addMonths, isWeekend, monthWeeks, parseIsoDate, toIsoDate, weekDays } from '../../lib/calendar.ts';
import './date-picker.css';

const LOCALE = 'en-AU';
// Dates are UTC midnights (app/lib/calendar.ts), so they are formatted in UTC too.
const monthTitle = new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });
const fullDate = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const weekdayShort = new Intl.DateTimeFormat(LOCALE, { weekday: 'short', timeZone: 'UTC' });
const weekdayLong = new Intl.DateTimeFormat(LOCALE, { weekday: 'long', timeZone: 'UTC' });

type DatePickerProps = {
  /** Names the calendar, e.g. 'Pickup date'. */
  label: string;
  /** The chosen day as YYYY-MM-DD. */
  value: string;
  onChange: (value: string) => void;
  /** Today, as YYYY-MM-DD; passed in so the server and the browser draw the same month. */
  today: string;
  /** Form field name: the chosen day is also posted as a hidden input. */
  name?: string;
};

export function DatePicker({ label, value, onChange, today, name }: DatePickerProps) {
  const chosen = parseIsoDate(value) ?? parseIsoDate(today)!;
  const [focusDay, setFocusDay] = useState(chosen);
  const [moveFocus, setMoveFocus] = useState(false);
  const grid = useRef<HTMLTableElement>(null);
  const titleId = useId();
  const weeks = monthWeeks(focusDay);

  // Keyboard moves focus to the new day once it is drawn (it may be in another month).
  useEffect(() => {
    if (!moveFocus) return;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${toIsoDate(focusDay)}"]`)?.focus();
    setMoveFocus(false);
  }, [moveFocus, focusDay]);

  function move(to: Date) {
    setFocusDay(to);
    setMoveFocus(true);
  }

  function onKeyDown(event: KeyboardEvent) {
    const steps: Record<string, () => Date> = {
      ArrowLeft: () => addDays(focusDay, -1),
      ArrowRight: () => addDays(focusDay, 1),
      ArrowUp: () => addDays(focusDay, -7),
      ArrowDown: () => addDays(focusDay, 7),
      PageUp: () => addMonths(focusDay, -1),
      PageDown: () => addMonths(focusDay, 1),
      Home: () => addDays(focusDay, -((focusDay.getUTCDay() + 6) % 7)),
      End: () => addDays(focusDay, 6 - ((focusDay.getUTCDay() + 6) % 7)),
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    move(step());
  }

  return (
    <div className="date-picker" role="group" aria-labelledby={titleId}>
      <div className="date-picker-head">
        <button type="button" className="date-picker-step" onClick={() => setFocusDay(addMonths(focusDay, -1))}>
          <ChevronLeft aria-hidden="true" />
          <span className="visually-hidden">Previous month</span>
        </button>
        <p id={titleId} className="date-picker-title" aria-live="polite">
          <span className="visually-hidden">{label}, </span>
          {monthTitle.format(focusDay)}
        </p>
        <button type="button" className="date-picker-step" onClick={() => setFocusDay(addMonths(focusDay, 1))}>
          <ChevronRight aria-hidden="true" />
          <span className="visually-hidden">Next month</span>
        </button>
      </div>
      <table ref={grid} className="date-picker-grid" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekDays().map((day) => (
              <th key={day.getUTCDay()} scope="col" data-weekend={isWeekend(day) || undefined}>
                <abbr title={weekdayLong.format(day)}>{weekdayShort.format(day)}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, index) => (
            <tr key={index}>
              {week.map((day, column) =>
                day ? (
                  <td key={column} data-weekend={isWeekend(day) || undefined}>
                    <button
                      type="button"
                      className="date-picker-day"
                      data-date={toIsoDate(day)}
                      data-weekend={isWeekend(day) || undefined}
                      data-today={toIsoDate(day) === today || undefined}
                      aria-pressed={toIsoDate(day) === toIsoDate(chosen)}
                      aria-label={`${fullDate.format(day)}${isWeekend(day) ? ', weekend' : ''}${toIsoDate(day) === today ? ', today' : ''}`}
                      // One day at a time is in the tab order: the focused one.
                      tabIndex={toIsoDate(day) === toIsoDate(focusDay) ? 0 : -1}
                      onClick={() => {
                        setFocusDay(day);
                        onChange(toIsoDate(day));
                      }}
                    >
                      {day.getUTCDate()}
                    </button>
                  </td>
                ) : (
                  <td key={column} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="date-picker-chosen">
        {label}: <strong>{fullDate.format(chosen)}</strong>
      </p>
      {name ? <input type="hidden" name={name} value={toIsoDate(chosen)} /> : null}
    </div>
  );
}
