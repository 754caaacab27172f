// The staff inbox's view in the URL (app/inbox/inbox-view.ts) reads back what it writes, leaves
// defaults out and falls back to them on nonsense; the API query leaves out what is not set.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { exportUrl, filterQuery } from '../../app/inbox/inbox-client.ts';
import { inboxListPath, readInboxView, writeInboxView } from '../../app/inbox/inbox-view.ts';

describe('inbox view in the URL', () => {
  test('defaults are left out of the URL', () => {
    assert.equal(writeInboxView(readInboxView(new URLSearchParams())).toString(), '');
    assert.equal(inboxListPath({}), '/inbox');
  });

  test('a full view round-trips', () => {
    const params = new URLSearchParams(
      'kind=contact-messages&status=spam&q=fuel+card&from=2026-01-01&to=2026-11-30&source=Google&campaign=PH+Spring&page=3&size=50',
    );
    const view = readInboxView(params);
    assert.deepEqual(view, {
      kind: 'contact-messages',
      status: 'spam',
      q: 'fuel card',
      from: '2026-01-01',
      to: '2026-11-30',
      owner: '',
      source: 'Google',
      campaign: 'PH Spring',
      booking: '',
      sort: 'received',
      dir: 'desc',
      page: 3,
      pageSize: 50,
    });
    assert.equal(writeInboxView(view).toString(), params.toString());
  });

  test('nonsense falls back to the defaults', () => {
    const view = readInboxView(
      new URLSearchParams(
        `kind=orders&status=archived&from=yesterday&page=-2&size=7&source=%00%0A&campaign=${'x'.repeat(300)}`,
      ),
    );
    assert.deepEqual(view, {
      kind: 'demo-requests',
      status: '',
      q: '',
      from: '',
      to: '',
      owner: '',
      source: '',
      campaign: 'x'.repeat(200),
      booking: '',
      sort: 'received',
      dir: 'desc',
      page: 1,
      pageSize: 25,
    });
  });

  test('demo requests by meeting (issue 29): the filter round-trips; the meeting sort reads soonest first', () => {
    const params = new URLSearchParams('booking=upcoming&sort=meeting');
    const view = readInboxView(params);
    assert.equal(view.booking, 'upcoming');
    assert.equal(view.sort, 'meeting');
    assert.equal(view.dir, 'asc', 'the meeting time’s own default direction');
    assert.equal(writeInboxView(view).toString(), params.toString());
    assert.equal(writeInboxView({ ...view, dir: 'desc' }).toString(), 'booking=upcoming&sort=meeting&dir=desc');
    assert.equal(filterQuery({ ...view, page: 1, pageSize: 25 }), '?booking=upcoming&sort=meeting&size=25');
    // Only demo requests book a meeting, and sort by it; nonsense is dropped.
    assert.equal(readInboxView(new URLSearchParams('kind=feedback&booking=upcoming&sort=meeting')).booking, '');
    assert.equal(readInboxView(new URLSearchParams('kind=feedback&sort=meeting')).sort, 'received');
    assert.equal(readInboxView(new URLSearchParams('booking=soon')).booking, '');
  });

  test('the API query carries only what is set; the export has no paging', () => {
    const view = { status: 'all' as const, q: 'a&b', from: '', to: '2026-02-01', source: 'li', page: 2, pageSize: 25 };
    assert.equal(filterQuery(view), '?status=all&q=a%26b&to=2026-02-01&source=li&page=2&size=25');
    assert.equal(
      exportUrl('feedback', view),
      '/api/inbox/feedback/export.csv?status=all&q=a%26b&to=2026-02-01&source=li',
    );
  });
});
