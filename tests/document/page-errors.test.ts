// A page whose loader fails answers the error page with 500, logs the cause with the request's id
// (so an operator can match the answer to the cause) and keeps nothing of the failure: the next
// request renders afresh. An unknown page is a 404 and no error in the log. (A failing form
// action: tests/api/attacks-errors.test.ts.)
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ApiClient } from '../helpers/api-client.ts';
import { logEntries } from '../helpers/attack-checks.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const logLines: string[] = [];
let server: TestServer;
before(async () => {
  server = await startServer({}, { pages: true, logLines });
});
after(() => server.close());

const errorsLogged = () => logEntries(logLines).filter((entry) => entry.level >= 50);

test("a loader's failure answers 500, is logged with the request's id and its cause, and is not kept", async () => {
  const { content } = server.app.services;
  const listFaqs = content.listFaqs;
  content.listFaqs = () => {
    throw new Error('the FAQ table is locked');
  };
  const client = new ApiClient(server.url);
  const failed = await client.get('/faq').finally(() => (content.listFaqs = listFaqs));
  assert.equal(failed.status, 500);
  assert.match(failed.text, /Something went wrong/);
  assert.doesNotMatch(failed.text, /the FAQ table is locked/, 'the cause stays in the log');

  const [error] = errorsLogged().filter((entry) => entry.err?.message === 'the FAQ table is locked');
  assert.ok(error, 'the cause is logged as an error');
  assert.match(error.err.stack, /at /, 'with its stack');
  assert.match(error.url ?? '', /\/faq$/);
  const answer = logEntries(logLines).find((entry) => entry.reqId === error.reqId && entry.res);
  assert.equal(answer?.res.statusCode, 500, "the error's request id is the 500's");

  const again = await client.get('/faq');
  assert.equal(again.status, 200, 'the failure was not cached');
  assert.match(again.text, /<h1>Frequently asked questions<\/h1>/);
});

test('an unknown page is a 404 and no error in the log', async () => {
  const errorsBefore = errorsLogged().length;
  const response = await new ApiClient(server.url).get('/no-such-page');
  assert.equal(response.status, 404);
  assert.equal(errorsLogged().length, errorsBefore);
});
