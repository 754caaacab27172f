// The demo form's optional time picker (issue 29), after the fields: the next days with free
// times in the visitor's zone, one fieldset per day holding that day's times as native radios
// (one radio group, `slot_start`, with "no time" first), and a select of zones. Without
// JavaScript the page renders the same choice from its loader and a button posts the chosen zone
// back (the form keeps what was typed); with it, the zone follows the browser's, the times are
// regrouped at once, and they are fetched afresh after a time was taken.
import { useEffect, useId, useState } from 'react';
import type { Slot } from '../../common/booking.ts';
import { bookingCopy as copy } from '../../content/booking.ts';
import { apiGet } from '../lib/api-client.ts';
import { meetingMinutes, type SlotDay, slotDays } from './slot-days.ts';
import { zoneLabel, zoneOptions } from './zones.ts';
import '../components/ui/button.css';
import '../components/ui/choice.css';
import './slot-picker.css';

/** Days with free times shown at first, and added by "Show more days" (three days of office
 * hours is already some 50 times on a phone). */
const DAYS_STEP = 3;

export type SlotPickerProps = {
  /** The zone the times are shown in (the form's `time_zone`). */
  zone: string;
  onZone: (zone: string) => void;
  /** The chosen start ('' for none: the form's `slot_start`). */
  value: string;
  onChange: (start: string) => void;
  /** The chosen start is no longer free (fetched afresh after a 409): no time is chosen now. */
  onGone: () => void;
  error?: string | undefined;
  /** The free times the server rendered (the page), or none: fetched here (the modal). */
  initialSlots?: readonly Slot[] | null | undefined;
  /** A new number fetches the free times again (after a time was taken, after a booking). */
  refresh: number;
  /** Whether the page's scripts run: without them the zone is posted with a button. */
  hydrated: boolean;
  /** Where the zone button posts without JavaScript. */
  zoneAction?: string | undefined;
};

export function SlotPicker({
  zone,
  onZone,
  value,
  onChange,
  onGone,
  error,
  initialSlots,
  refresh,
  hydrated,
  zoneAction,
}: SlotPickerProps) {
  const id = useId();
  const [slots, setSlots] = useState<readonly Slot[] | null>(initialSlots ?? null);
  const [failed, setFailed] = useState(false);
  const [daysShown, setDaysShown] = useState(DAYS_STEP);

  useEffect(() => {
    if (initialSlots && refresh === 0) return;
    let current = true;
    setFailed(false);
    apiGet<{ slots?: Slot[] }>(`/api/demo/slots?tz=${encodeURIComponent(zone)}`).then((answer) => {
      if (!current) return;
      if (answer.kind !== 'data' || !Array.isArray(answer.data?.slots)) return setFailed(true);
      const fresh = answer.data.slots;
      setSlots(fresh);
      // A chosen time that is gone is no longer chosen.
      if (value && !fresh.some((slot) => slot.start === value)) onGone();
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetched on mount and on each refresh, not on every choice
  }, [refresh]);

  const all = slots ? slotDays(slots, zone) : [];
  const days = all.slice(0, daysShown);
  const minutes = slots ? meetingMinutes(slots) : 0;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="slot-picker"
      id="demo-times"
      aria-describedby={error ? errorId : undefined}
      data-invalid={error ? 'true' : undefined}
    >
      <legend className="field-label">{copy.legend}</legend>
      <p className="form-note">
        {copy.intro}
        {minutes ? ` ${copy.duration.replace('{minutes}', String(minutes))}.` : null}
      </p>
      <div className="slot-zone">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-zone`}>
            {copy.zoneLabel}
          </label>
          <select
            id={`${id}-zone`}
            name="time_zone"
            className="field-control"
            value={zone}
            onChange={(event) => onZone(event.target.value)}
          >
            {zoneOptions(zone).map((option) => (
              <option key={option} value={option}>
                {zoneLabel(option)}
              </option>
            ))}
          </select>
        </div>
        {hydrated ? null : (
          <button
            type="submit"
            name="intent"
            value="zone"
            formAction={zoneAction}
            formNoValidate
            className="button"
            data-variant="secondary"
            data-size="md"
          >
            {copy.zoneButton}
          </button>
        )}
      </div>
      <label className="choice slot-none">
        <input
          type="radio"
          className="choice-input"
          name="slot_start"
          value=""
          checked={value === ''}
          onChange={() => onChange('')}
        />
        <span className="choice-label">{copy.noTime}</span>
      </label>
      {failed ? (
        <p className="form-note">{copy.failed}</p>
      ) : slots === null ? (
        <p className="form-note" role="status">
          {copy.loading}
        </p>
      ) : days.length === 0 ? (
        <p className="form-note">{copy.none}</p>
      ) : (
        <SlotDayGroups days={days} value={value} onChange={onChange} />
      )}
      {hydrated && all.length > days.length ? (
        <button
          type="button"
          className="button slot-more"
          data-variant="ghost"
          data-size="sm"
          onClick={() => setDaysShown((shown) => shown + DAYS_STEP)}
        >
          {copy.moreDays}
        </button>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The free times as radio groups, one fieldset per day (`slot_start`): controlled with `value`
 * and `onChange`, or left to the browser without them (a plain server-rendered form). */
export function SlotDayGroups({
  days,
  value,
  onChange,
}: {
  days: readonly SlotDay[];
  value?: string;
  onChange?: (start: string) => void;
}) {
  return days.map((day) => (
    <fieldset key={day.date} className="slot-day">
      <legend className="slot-day-label">{day.label}</legend>
      <div className="slot-times">
        {day.times.map((time) => (
          <label key={time.start} className="slot-time">
            <input
              type="radio"
              name="slot_start"
              value={time.start}
              required={onChange ? undefined : true}
              {...(onChange ? { checked: value === time.start, onChange: () => onChange(time.start) } : {})}
            />
            <span>{time.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  ));
}
