// An item's draft state in words (decision 052), the same on the lists and the item page: a tag
// for a draft never published, for a published item's waiting draft, and for a schedule, with
// times in the reader's own zone once the page runs in the browser (UTC as rendered on the server).
import { useEffect, useState } from 'react';

type ItemState = { status: 'draft' | 'published'; draft: Record<string, unknown> | null; publishAt: string | null };

/** A time as the server renders it (UTC), then in the reader's zone and words once hydrated. */
export function LocalTime({ iso }: { iso: string }) {
  const [shown, setShown] = useState(`${iso.replace('T', ' ').slice(0, 16)} UTC`);
  useEffect(() => {
    setShown(new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
  }, [iso]);
  return <time dateTime={iso}>{shown}</time>;
}

export function StateTags({ item }: { item: ItemState }) {
  return (
    <>
      {item.status === 'draft' ? <span className="content-tag">Draft, not on the site</span> : null}
      {item.status === 'published' && item.draft ? <span className="content-tag">Unpublished changes</span> : null}
      {item.publishAt ? (
        <span className="content-tag">
          Publishes <LocalTime iso={item.publishAt} />
        </span>
      ) : null}
    </>
  );
}
