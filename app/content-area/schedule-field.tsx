// The schedule of a draft (decision 052): a local date and time, with the browser's offset from
// UTC sent beside it (filled in once hydrated; UTC without JavaScript, as the hint says), and a
// box to take an existing schedule away. Read on the server by schedule.ts.
import { useEffect, useState } from 'react';
import { InputField } from '../components/ui/field.tsx';
import { LocalTime } from './item-state.tsx';

export function ScheduleField({
  publishAt,
  typed,
  error,
}: {
  publishAt: string | null;
  /** What was typed, given back with a refusal. */
  typed?: string | undefined;
  error?: string | undefined;
}) {
  const [offset, setOffset] = useState('0');
  const [zoned, setZoned] = useState(false);
  useEffect(() => {
    setOffset(String(new Date().getTimezoneOffset()));
    setZoned(true);
  }, []);
  return (
    <>
      <InputField
        name="publishAt"
        type="datetime-local"
        step={1}
        defaultValue={typed ?? ''}
        error={error}
        label="Publish the draft at (optional)"
        hint={
          <>
            {zoned ? 'Your local time.' : 'In UTC.'} Leave empty to publish by hand.
            {publishAt ? (
              <>
                {' '}
                Now scheduled for <LocalTime iso={publishAt} />.
              </>
            ) : null}
          </>
        }
      />
      <input type="hidden" name="zoneOffset" value={offset} />
      {publishAt ? (
        <label className="content-check">
          <input type="checkbox" name="unschedule" /> Take the schedule away
        </label>
      ) : null}
    </>
  );
}
