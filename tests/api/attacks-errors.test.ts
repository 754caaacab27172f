// The default error handler never leaks: with the database broken under a running server (a
// table dropped, then the handle closed), every submission answers 500 with the generic message
// in its route's spec shape, nothing internal in the body, and the error logged with the
// request's id.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MESSAGES, withReference } from '../../common/messages.ts';
import { leaks, logEntries } from '../helpers/attack-checks.ts';
import { png } from '../helpers/images.ts';
import { startServer } from '../helpers/server.ts';

const DEMO = {
  name: 'Dana Whitfield',
  job_title: 'Operations Manager',
  company: 'Whitfield Haulage',
  country: '+61',
  number: '+61 412345678',
  email: 'dana@whitfield.com.au',
  text: 'We run 40 trucks.',
};

function contactForm() {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Sam',
    email: 'sam@example.com',
    subject: 'Hi',
    inq_type: '2',
    message: 'Pricing',
  }))
    form.set(name, value);
  form.set('img', new Blob([new Uint8Array(png(4, 4))], { type: 'image/png' }), 'a.png');
  return form;
}

for (const breakage of ['drop the tables', 'close the database handle'] as const) {
  test(`${breakage}: 500 with the generic message in the route's shape, no SQL, stack or path; logged with the request id`, async () => {
    const logLines: string[] = [];
    const server = await startServer({}, { logLines });
    try {
      const client = await server.client().visit();
      if (breakage === 'drop the tables') {
        server.app.database.sqlite!.exec(
          'DROP TABLE feedback; DROP TABLE demo_requests; DROP TABLE contact_messages; DROP TABLE newsletter_subscribers; DROP TABLE sign_in_failures; DROP TABLE users;',
        );
      } else {
        server.app.database.sqlite!.close();
      }
      const answers = [
        {
          shape: 'ErrorInfo',
          response: await client.post('/api/Feedback/AddFeedback', { feedback: 'The fuel report saves us hours' }),
        },
        { shape: 'ERROR', response: await client.post('/api/RequestDemo', DEMO) },
        { shape: 'ErrorInfo', response: await client.postForm('/api/ContactUs', contactForm()) },
        {
          shape: 'ErrorInfo',
          response: await client.post('/api/Newsletter/Subscribe', { email: 'ops@whitfield.com.au' }),
        },
        {
          shape: 'ERROR',
          response: await client.post('/api/SignIn', { username: 'alice', password: 'a password here' }),
        },
      ];
      const failedIds = new Set<string>();
      for (const { shape, response } of answers) {
        assert.equal(response.status, 500, response.text);
        const reference = response.headers.get('x-request-id');
        assert.ok(reference, 'every answer names its request');
        assert.deepEqual(response.body, [shape, withReference(MESSAGES.serverError, reference)]);
        assert.deepEqual(leaks(response.text), []);
        assert.equal(response.headers.get('cache-control'), 'no-store');
      }
      // Each 500 is logged once at error level, with its request's id and the real cause.
      const entries = logEntries(logLines);
      const errors = entries.filter((entry) => entry.level >= 50);
      assert.equal(errors.length, answers.length, `error lines: ${errors.map((entry) => entry.msg).join(', ')}`);
      for (const entry of errors) {
        assert.ok(entry.reqId, 'the error line carries the request id');
        assert.ok(entry.err?.message, 'the error line says what failed');
        failedIds.add(entry.reqId);
      }
      const completed = entries.filter((entry) => entry.res?.statusCode === 500).map((entry) => entry.reqId);
      assert.deepEqual(new Set(completed), failedIds, 'the error lines name the requests that answered 500');
    } finally {
      if (breakage === 'close the database handle') server.app.database.sqlite!.close = () => {};
      await server.close();
    }
  });
}

test('a page action (form posted without JavaScript) on a broken database: a 500 page with nothing internal in it, the cause logged with the request id', async () => {
  const logLines: string[] = [];
  const server = await startServer({}, { pages: true, logLines });
  try {
    const client = await server.client().visit('/home');
    server.app.database.sqlite!.exec('DROP TABLE feedback');
    const response = await client.request('POST', '/forms/feedback', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams({ feedback: 'The database is gone', _csrf: client.csrfToken! }).toString(),
    });
    assert.equal(response.status, 500);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
    assert.deepEqual(leaks(response.text), []);
    const entries = logEntries(logLines);
    const completed = entries.find((entry) => entry.res?.statusCode === 500);
    assert.ok(completed?.reqId, 'the 500 answer is logged with its request id');
    const errors = entries.filter((entry) => entry.level >= 50);
    assert.equal(errors.length, 1, `error lines: ${errors.map((entry) => entry.msg).join(', ')}`);
    assert.equal(errors[0]!.reqId, completed.reqId, "the cause is logged on the 500's request");
    // The page tells the visitor the reference to quote, the same as the answer's header and the log's reqId.
    assert.equal(response.headers.get('x-request-id'), completed.reqId);
    assert.match(
      response.text,
      // React writes a text boundary (<!-- -->) between the sentence and the space before the code.
      new RegExp(
        `quote this reference to support:(?:<!-- -->)? <code class="request-reference">${completed.reqId}</code>`,
      ),
    );
    assert.match(errors[0]!.err?.message ?? '', /no such table: feedback/);
  } finally {
    await server.close();
  }
});
