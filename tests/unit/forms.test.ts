// The forms' pure helpers: reading the API's answer shapes, the input attributes derived from the
// schemas, the demo form's country list and phone rules, and the result page's outcomes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_PHONE_MAX_LENGTH, SubmissionStatus } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { apiPostJson, readAnswer } from '../../app/lib/api-client.ts';
import { mainRegionOf, PHONE_MESSAGES, phoneMaxLength, phoneProblem } from '../../common/phone.ts';
import { callingCodeOf, demoCountryData, listCountries } from '../../app/lib/countries.server.ts';
import { outcomeForMessage, readResult, resultPath, safeBackPath } from '../../app/lib/form-results.ts';
import { formRules } from '../../app/lib/form-rules.server.ts';
import {
  browserTimeZone,
  countryForTimeZone,
  digitsOnly,
  maxLengthOf,
  nationalDigits,
  phoneNumberPayload,
} from '../../app/lib/country-options.ts';
import { openDatabase } from '../../server/db/driver.ts';
import { migrate } from '../../server/db/migrate.ts';
import { demoRequest } from '../../server/submission-kinds/index.ts';
import { createSubmissionService } from '../../server/services/submissions.ts';

describe('readAnswer: every answer shape of spec 7, read the same way by every form', () => {
  const cases: [string, unknown, number, ReturnType<typeof readAnswer>][] = [
    ['SUCCESS with a message', ['SUCCESS', 'Thanks'], 200, { kind: 'success', message: 'Thanks', status: 200 }],
    ['SUCCESS alone: the first item decides', ['SUCCESS'], 200, { kind: 'success', message: undefined, status: 200 }],
    [
      'ERROR with a message',
      ['ERROR', 'Incorrect username or password'],
      401,
      { kind: 'ERROR', message: 'Incorrect username or password', status: 401 },
    ],
    ['ERROR alone', ['ERROR'], 400, { kind: 'ERROR', message: undefined, status: 400 }],
    [
      'ErrorInfo with a message',
      ['ErrorInfo', 'Name is required'],
      400,
      { kind: 'ErrorInfo', message: 'Name is required', status: 400 },
    ],
    ['ErrorInfo alone', ['ErrorInfo'], 400, { kind: 'ErrorInfo', message: undefined, status: 400 }],
    [
      'an errorInfo field',
      { errorInfo: 'Your session is not valid.' },
      401,
      { kind: 'errorInfo', message: 'Your session is not valid.', status: 401 },
    ],
    ['tokens', { access_token: 'a' }, 200, { kind: 'data', data: { access_token: 'a' }, status: 200 }],
    [
      'the glossary list (a second item that is no message)',
      ['SUCCESS', [{ id: 1 }]],
      200,
      { kind: 'data', data: ['SUCCESS', [{ id: 1 }]], status: 200 },
    ],
    ['SUCCESS on an error status is no success', ['SUCCESS', 'x'], 500, { kind: 'failed', status: 500 }],
    ['an unknown refusal', { message: 'nope' }, 500, { kind: 'failed', status: 500 }],
    ['an empty body on an error status', null, 502, { kind: 'failed', status: 502 }],
  ];
  for (const [label, body, status, expected] of cases) {
    test(label, () => assert.deepEqual(readAnswer(body, status), expected));
  }

  // The two shapes no body gives: a body that is not JSON, and no answer at all.
  const withFetch = async (fake: typeof fetch, call: () => Promise<unknown>) => {
    const real = globalThis.fetch;
    const hadDocument = 'document' in globalThis;
    globalThis.fetch = fake;
    (globalThis as { document?: unknown }).document = { cookie: 'XSRF-TOKEN=t' };
    try {
      return await call();
    } finally {
      globalThis.fetch = real;
      if (!hadDocument) delete (globalThis as { document?: unknown }).document;
    }
  };
  test('a body that is not JSON', async () => {
    const result = await withFetch(
      async () => new Response('<html>Bad gateway</html>', { status: 502 }),
      () => apiPostJson('/api/x', {}),
    );
    assert.deepEqual(result, { kind: 'failed', status: 502 });
  });
  test('a network failure', async () => {
    const result = await withFetch(
      async () => Promise.reject(new TypeError('Failed to fetch')),
      () => apiPostJson('/api/x', {}),
    );
    assert.deepEqual(result, { kind: 'failed', status: null });
  });
  test('the idempotency key and the CSRF token travel as headers', async () => {
    let headers: Record<string, string> = {};
    await withFetch(
      async (_url, init) => {
        headers = init?.headers as Record<string, string>;
        return Response.json(['SUCCESS', 'ok']);
      },
      () => apiPostJson('/api/x', {}, { idempotencyKey: 'abcdef0123456789' }),
    );
    assert.equal(headers['Idempotency-Key'], 'abcdef0123456789');
    assert.equal(headers['X-XSRF-TOKEN'], 't');
  });
});

describe('the phone rule (common/phone.ts), the same in the browser and on the server', () => {
  const cases: [string, string, string | null][] = [
    ['61', '+61 412345678', null],
    ['61', '+61 0412345678', null],
    ['61', '+61 41234567890', PHONE_MESSAGES.tooLong(10)],
    ['61', '+61 ' + '4'.repeat(26), PHONE_MESSAGES.tooLong(10)],
    ['63', '+63 9171234567', null],
    ['63', '+63 91712345678', PHONE_MESSAGES.tooLong(10)],
    ['49', '+49 30 901820', null],
    ['49', '+49 ' + '1'.repeat(21), PHONE_MESSAGES.tooLong(20)],
    ['61', '+61 4', PHONE_MESSAGES.invalid],
    ['999', '+999 412345678', PHONE_MESSAGES.invalid],
  ];
  for (const [code, number, expected] of cases) {
    test(`${number} for +${code}`, () => assert.equal(phoneProblem(code, number), expected));
  }
  test('the calling code names its main region; the limits live in common/constants.ts', () => {
    assert.equal(mainRegionOf('61'), 'AU');
    assert.equal(mainRegionOf('+63'), 'PH');
    assert.equal(phoneMaxLength('AU'), 10);
    assert.equal(phoneMaxLength('PH'), 10);
    assert.equal(phoneMaxLength('DE'), DEFAULT_PHONE_MAX_LENGTH);
    assert.equal(phoneMaxLength(undefined), DEFAULT_PHONE_MAX_LENGTH);
  });
});

describe('input attributes from the schemas', () => {
  const rules = formRules();
  test('required and maxlength come from each field', () => {
    assert.deepEqual(rules.signIn, {
      username: { required: true, maxLength: 64 },
      password: { required: true, maxLength: 256 },
    });
    assert.deepEqual(rules.feedback.feedback, { required: true, maxLength: 1000 });
    assert.deepEqual(rules.contact.inq_type, { required: true });
  });
  test('email fields are typed email; the honeypot is not required', () => {
    for (const form of [rules.demo, rules.contact, rules.newsletter]) {
      assert.equal(form.email?.type, 'email');
      assert.deepEqual(form.website, {});
    }
    assert.equal(rules.demo.name?.type, undefined);
  });
});

describe('the demo country list', () => {
  const countries = listCountries();
  test('about 240 countries, sorted by English name, each with a calling code', () => {
    assert.ok(countries.length >= 230 && countries.length <= 260, `${countries.length}`);
    const names = countries.map((country) => country.name);
    assert.deepEqual(
      names,
      [...names].sort((a, b) => a.localeCompare(b, 'en')),
    );
    for (const country of countries) assert.match(country.callingCode, /^\d{1,4}$/, country.code);
    assert.equal(new Set(countries.map((country) => country.code)).size, countries.length);
  });
  test('Australia and the Philippines allow 10 digits, the rest the default', () => {
    const byCode = new Map(countries.map((country) => [country.code, country]));
    assert.equal(maxLengthOf(byCode.get('AU')), 10);
    assert.equal(maxLengthOf(byCode.get('PH')), 10);
    assert.equal(maxLengthOf(byCode.get('DE')), DEFAULT_PHONE_MAX_LENGTH);
    assert.equal(countries.filter((country) => country.maxLength).length, 2);
    assert.ok(byCode.get('AU')?.timezones.includes('Australia/Sydney'));
  });
  test('time zones lead to their principal country', () => {
    const data = demoCountryData();
    assert.equal(countryForTimeZone(data, 'Australia/Sydney')?.code, 'AU');
    assert.equal(countryForTimeZone(data, 'Asia/Manila')?.code, 'PH');
    assert.equal(countryForTimeZone(data, 'Europe/Berlin')?.code, 'DE');
    assert.equal(countryForTimeZone(data, 'Mars/Olympus'), undefined);
    assert.equal(countryForTimeZone(data, undefined), undefined);
    // The browser gets no time zone lists, only the map.
    assert.ok(data.countries.every((country) => !('timezones' in country)));
  });
  test("the browser's time zone comes from Temporal where there is one, else from Intl", () => {
    const global = globalThis as { Temporal?: unknown };
    const had = 'Temporal' in global;
    const before = global.Temporal;
    try {
      delete global.Temporal;
      assert.equal(browserTimeZone(), Intl.DateTimeFormat().resolvedOptions().timeZone);
      global.Temporal = { Now: { timeZoneId: () => 'Australia/Perth' } };
      assert.equal(browserTimeZone(), 'Australia/Perth');
    } finally {
      if (had) global.Temporal = before;
      else delete global.Temporal;
    }
  });
  test('calling codes by region code', () => {
    assert.equal(callingCodeOf('AU'), '61');
    assert.equal(callingCodeOf('PH'), '63');
    assert.equal(callingCodeOf('ZZ'), undefined);
  });
});

describe('phone numbers', () => {
  test("sent as '+', the calling code, a space, then the number", () => {
    assert.equal(phoneNumberPayload('61', '412345678'), '+61 412345678');
    assert.equal(phoneNumberPayload('61', '  412345678 '), '+61 412345678');
    assert.equal(phoneNumberPayload('61', '  '), '');
    assert.equal(phoneNumberPayload('', '412'), '412');
  });
  test('only digits are kept', () => {
    assert.equal(digitsOnly('+61 (0)412-345 abc'), '610412345');
  });
  test('a formatted number keeps its digits: the limit counts digits, not spaces (issue 28)', () => {
    for (const text of ['0412 345 678', '0412-345-678', '(04) 1234 5678', ' 0412 345 678 '])
      assert.equal(nationalDigits(text, '61', 10), '0412345678');
    assert.equal(nationalDigits('+61 412 345 678', '61', 10), '412345678');
    assert.equal(nationalDigits('+61 (0)412 345 678', '61', 10), '0412345678');
    assert.equal(nationalDigits('0412 345 678 999', '61', 10), '0412345678');
    assert.equal(nationalDigits('+49 30 1234 5678', '49', 20), '3012345678');
  });
  test('a number posted without JavaScript is sent as its digits too', () => {
    assert.equal(phoneNumberPayload('61', '0412 345 678'), '+61 0412345678');
    assert.equal(phoneNumberPayload('61', '+61 412-345-678'), '+61 412345678');
    assert.equal(phoneNumberPayload('61', 'call me'), '');
  });
});

describe('result page outcomes', () => {
  test("every success message a form's service answers has an outcome", async () => {
    const db = await openDatabase({ file: ':memory:' });
    await migrate(db);
    const service = createSubmissionService(db);
    const demo = {
      name: 'a',
      job_title: 'b',
      company: 'c',
      country: '61',
      number: '+61 4',
      email: 'a@b.co',
      text: 't',
      marketing_consent: false,
    };
    assert.equal(outcomeForMessage((await service.store(demoRequest, demo))!), 'demoThanks');
    await db.close();
    assert.throws(() => outcomeForMessage('Some other words'));
  });
  test('a result URL reads back to its title, status, message and link', () => {
    const url = new URL(resultPath('demo', 'demoThanks', '/request-demo'), 'http://site.test');
    assert.deepEqual(readResult(url), {
      form: 'demo',
      title: 'Book a demo',
      status: SubmissionStatus.Success,
      message: MESSAGES.demoThanks,
      back: '/request-demo',
    });
    assert.equal(readResult(new URL('http://site.test/result?form=demo&outcome=toString')), null);
    assert.equal(readResult(new URL('http://site.test/result?form=__proto__&outcome=success')), null);
  });
  test('the link back is a path on this site, or the fallback', () => {
    for (const good of ['/faq', '/home#contact', '/glossary?page=2']) assert.equal(safeBackPath(good, '/home'), good);
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'faq', '/a b', '', null, 42]) {
      assert.equal(safeBackPath(bad, '/home'), '/home', String(bad));
    }
  });
});
