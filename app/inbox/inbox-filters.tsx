// The inbox list's filters (search, status, owner, dates, source, campaign, a demo request's
// booking, sort, direction, page size) as a plain GET form in the server's HTML: before hydration (or without JavaScript) Enter
// loads /inbox with the query, and text typed before the scripts ran is kept. Once hydrated, submitting writes the
// view into the URL, and the sort, direction, owner and page size apply as soon as they change.
import { type FormEvent, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { InputField, SelectField } from '../components/ui/field.tsx';
import {
  BOOKING_FILTER_LABELS,
  BOOKING_FILTERS,
  type BookingFilter,
  defaultDirectionOf,
  INBOX_KINDS,
  INBOX_STATUSES,
  type InboxStatus,
  isBookingFilter,
  isInboxSort,
  isInboxStatus,
  OWNER_ME,
  OWNER_NONE,
  PAGE_SIZES,
  SORT_LABELS,
  SORTS_BY_KIND,
  STATUS_LABELS,
  USERNAME_PATTERN,
} from './inbox-client.ts';
import { inboxListPath, type InboxView, writeInboxView } from './inbox-view.ts';
import { useTypedEarly } from '../lib/use-typed-early.ts';

/** The search box's id: the `/` key and the early-typing check find it by it. */
export const SEARCH_INPUT_ID = 'inbox-q';

const STATUS_OPTIONS = [
  ['', 'All except spam'],
  ...INBOX_STATUSES.map((status) => [status, STATUS_LABELS[status]] as const),
  ['all', 'All, spam included'],
] as const;
const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => [String(size), String(size)] as const);
const BOOKING_OPTIONS = [
  ['', 'Any'],
  ...BOOKING_FILTERS.map((booking) => [booking, BOOKING_FILTER_LABELS[booking]] as const),
] as const;
/** The order select's words for the sort on screen. */
const orderLabels = (sort: InboxView['sort']) =>
  sort === 'received'
    ? { desc: 'Newest first', asc: 'Oldest first' }
    : sort === 'meeting'
      ? { desc: 'No meeting first, then latest', asc: 'Upcoming first, soonest' }
      : { desc: 'Descending (Z–A)', asc: 'Ascending (A–Z)' };

/** Whether any filter narrows the list (sort, order and page size do not). */
export const isFiltered = (view: InboxView) =>
  Boolean(view.q || view.status || view.from || view.to || view.owner || view.source || view.campaign || view.booking);

export function InboxFilters({ view, staffNames }: { view: InboxView; staffNames: string[] }) {
  const [, setParams] = useSearchParams();
  // Text typed into the server's HTML before the scripts ran is kept (the one mechanism, issue 31).
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useTypedEarly(formId, formRef);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const status = text('status');
    const sort = text('sort');
    const owner = text('owner');
    const booking = text('booking');
    const nextSort = isInboxSort(sort) && SORTS_BY_KIND[view.kind].includes(sort) ? sort : 'received';
    setParams(
      writeInboxView({
        ...view,
        q: text('q'),
        status: isInboxStatus(status) || status === 'all' ? (status as InboxStatus | 'all') : '',
        owner: USERNAME_PATTERN.test(owner) ? owner : '',
        sort: nextSort,
        // A new sort starts in its own direction (the meeting time: upcoming first).
        dir: nextSort !== view.sort ? defaultDirectionOf(nextSort) : text('dir') === 'asc' ? 'asc' : 'desc',
        pageSize: Number(text('size')) || view.pageSize,
        from: text('from'),
        to: text('to'),
        source: text('source').slice(0, 200),
        campaign: text('campaign').slice(0, 200),
        booking: isBookingFilter(booking) ? (booking as BookingFilter) : '',
        page: 1,
      }),
    );
  }

  /** Sort, direction, owner and page size apply as soon as they change (once hydrated). */
  function applyOnChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLElement;
    if (target instanceof HTMLSelectElement && target.dataset.immediate === 'true') event.currentTarget.requestSubmit();
  }

  // A username in the URL that is not (or no longer) a staff member stays choosable.
  const ownerNames = [
    ...staffNames,
    ...(view.owner && ![OWNER_ME, OWNER_NONE, ...staffNames].includes(view.owner) ? [view.owner] : []),
  ];
  const ownerOptions = [
    ['', 'Anyone'],
    [OWNER_ME, 'Mine'],
    [OWNER_NONE, 'Unassigned'],
    ...ownerNames.map((username) => [username, username] as const),
  ] as const;
  const order = orderLabels(view.sort);

  return (
    // Keyed on the URL, so Back and the tabs show the filters of the list on screen.
    <form
      key={writeInboxView(view).toString()}
      id={formId}
      ref={formRef}
      role="search"
      aria-label="Filter submissions"
      className="inbox-filters"
      method="get"
      action="/inbox"
      onSubmit={apply}
      onChange={applyOnChange}
    >
      {view.kind !== INBOX_KINDS[0] ? <input type="hidden" name="kind" value={view.kind} /> : null}
      <InputField
        id={SEARCH_INPUT_ID}
        className="inbox-filter-search"
        label="Search"
        type="search"
        name="q"
        maxLength={200}
        defaultValue={view.q}
        aria-keyshortcuts="/"
      />
      <SelectField id="inbox-status" label="Status" name="status" defaultValue={view.status} options={STATUS_OPTIONS} />
      <SelectField
        id="inbox-owner"
        label="Owner"
        name="owner"
        defaultValue={view.owner}
        data-immediate="true"
        options={ownerOptions}
      />
      <InputField id="inbox-from" label="From" type="date" name="from" defaultValue={view.from} />
      <InputField id="inbox-to" label="To" type="date" name="to" defaultValue={view.to} />
      <InputField id="inbox-source" label="Source" name="source" maxLength={200} defaultValue={view.source} />
      <InputField id="inbox-campaign" label="Campaign" name="campaign" maxLength={200} defaultValue={view.campaign} />
      {view.kind === 'demo-requests' ? (
        <SelectField
          id="inbox-booking"
          label="Meeting"
          name="booking"
          defaultValue={view.booking}
          options={BOOKING_OPTIONS}
        />
      ) : null}
      <SelectField
        id="inbox-sort"
        label="Sort by"
        name="sort"
        defaultValue={view.sort}
        data-immediate="true"
        options={SORTS_BY_KIND[view.kind].map((sort) => [sort, SORT_LABELS[sort]] as const)}
      />
      <SelectField
        id="inbox-dir"
        label="Order"
        name="dir"
        defaultValue={view.dir}
        data-immediate="true"
        options={[
          ['desc', order.desc],
          ['asc', order.asc],
        ]}
      />
      <SelectField
        id="inbox-size"
        label="Per page"
        name="size"
        defaultValue={String(view.pageSize)}
        data-immediate="true"
        options={PAGE_SIZE_OPTIONS}
      />
      <div className="inbox-filter-actions">
        <Button type="submit">Apply</Button>
        {isFiltered(view) ? (
          <Link
            className="button"
            data-variant="ghost"
            data-size="md"
            to={inboxListPath({ kind: view.kind, pageSize: view.pageSize, sort: view.sort, dir: view.dir })}
          >
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}
