// Every message of spec section 5 comes out of the shared schemas, for every way a field is wrong.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_LENGTH } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { feedbackSchema, fieldErrors, firstMessage, newsletterSchema, signInSchema } from '../../common/schemas.ts';
import { contactSchema } from '../../common/contact-schema.ts';
import { demoRequestSchema } from '../../common/demo-schema.ts';

const demo = {
  name: 'Dana Whitfield',
  job_title: 'Operations Manager',
  company: 'Whitfield Haulage',
  country: '61',
  number: '+61 412345678',
  email: 'dana@whitfield.com.au',
  text: 'We run 40 trucks and want to see linehaul dispatch.',
};
const contact = {
  name: 'Sam Lee',
  email: 'sam@example.com',
  subject: 'Driver app question',
  inq_type: '1',
  img: new Uint8Array([1, 2, 3]),
  message: 'Can drivers capture signatures offline?',
};

function messageFor(schema: { safeParse(value: unknown): { success: boolean; error?: any } }, value: unknown) {
  const result = schema.safeParse(value);
  assert.equal(result.success, false, `expected ${JSON.stringify(value)} to be refused`);
  return firstMessage(result.error);
}

describe('sign-in schema', () => {
  test('trims the username, never the password (whitespace is part of a password)', () => {
    assert.deepEqual(signInSchema.parse({ username: '  alice ', password: ' secret ' }), {
      username: 'alice',
      password: ' secret ',
    });
  });
  test('a password over 256 characters says so', () => {
    assert.equal(
      messageFor(signInSchema, { username: 'alice', password: 'x'.repeat(257) }),
      MESSAGES.tooLong('Password', 256),
    );
    assert.equal(
      signInSchema.parse({ username: 'alice', password: ' '.repeat(10) + 'x'.repeat(246) }).password.length,
      256,
    );
  });
  for (const [field, message] of [
    ['username', MESSAGES.usernameRequired],
    ['password', MESSAGES.passwordRequired],
  ] as const) {
    for (const bad of [undefined, '', '   ', 42, null, ['x']]) {
      test(`${field} = ${JSON.stringify(bad)} gives '${message}'`, () => {
        const value = { username: 'alice', password: 'secret', [field]: bad };
        assert.equal(messageFor(signInSchema, value), message);
      });
    }
  }
});

describe('demo request schema', () => {
  test('accepts a complete request, lowercasing the email', () => {
    const parsed = demoRequestSchema.parse({ ...demo, email: ' Dana@Whitfield.com.au ' });
    assert.equal(parsed.email, 'dana@whitfield.com.au');
  });
  const cases: [keyof typeof demo, unknown, string][] = [
    ['name', '', MESSAGES.nameRequired],
    ['name', '  ', MESSAGES.nameRequired],
    ['name', 7, MESSAGES.nameRequired],
    ['job_title', '', MESSAGES.jobTitleRequired],
    ['company', '', MESSAGES.jobTitleRequired],
    ['country', '', MESSAGES.countryAndNumber],
    ['country', 'Australia', MESSAGES.countryAndNumber],
    ['number', '', MESSAGES.countryAndNumber],
    ['number', '+61 4123abc', MESSAGES.countryAndNumber],
    ['number', '+'.repeat(5), MESSAGES.countryAndNumber],
    ['number', '1'.repeat(MAX_LENGTH.phoneNumber + 1), MESSAGES.countryAndNumber],
    ['email', '', MESSAGES.emailRequired],
    ['email', 'not-an-email', MESSAGES.emailInvalid],
    ['email', 'dana@whitfield.c', MESSAGES.emailInvalid],
    ['email', 'dana@whitfield.companyx', MESSAGES.emailInvalid],
    ['text', '', MESSAGES.messageRequired],
    ['text', 'x'.repeat(MAX_LENGTH.message + 1), MESSAGES.tooLong('Message', MAX_LENGTH.message)],
  ];
  for (const [field, bad, message] of cases) {
    test(`${field} = ${JSON.stringify(bad).slice(0, 30)} gives '${message}'`, () => {
      assert.equal(messageFor(demoRequestSchema, { ...demo, [field]: bad }), message);
    });
  }
  test('a missing field gives its message', () => {
    const { name: _name, ...withoutName } = demo;
    assert.equal(messageFor(demoRequestSchema, withoutName), MESSAGES.nameRequired);
  });
  test('number accepts digits, spaces, plus, minus and brackets', () => {
    assert.equal(demoRequestSchema.safeParse({ ...demo, number: '+61 (02) 9000-1234' }).success, true);
  });
  test('issues come in form order, one per field', () => {
    const result = demoRequestSchema.safeParse({});
    assert.equal(result.success, false);
    assert.deepEqual(fieldErrors(result.error!), {
      name: MESSAGES.nameRequired,
      job_title: MESSAGES.jobTitleRequired,
      company: MESSAGES.jobTitleRequired,
      country: MESSAGES.countryAndNumber,
      number: MESSAGES.countryAndNumber,
      email: MESSAGES.emailRequired,
      text: MESSAGES.messageRequired,
    });
  });
});

describe('contact schema', () => {
  test('accepts a complete message; inq_type may be a number', () => {
    assert.equal(contactSchema.safeParse({ ...contact, inq_type: 2 }).success, true);
  });
  const cases: [keyof typeof contact, unknown, string][] = [
    ['name', '', MESSAGES.nameRequired],
    ['email', '', MESSAGES.emailRequired],
    ['subject', '', MESSAGES.subjectRequired],
    ['inq_type', '', MESSAGES.inquiryTypeRequired],
    ['inq_type', '4', MESSAGES.inquiryTypeRequired],
    ['inq_type', 'Pricing', MESSAGES.inquiryTypeRequired],
    ['img', undefined, MESSAGES.imageRequired],
    ['img', new Uint8Array(), MESSAGES.imageRequired],
    ['img', 'photo.png', MESSAGES.imageRequired],
    ['message', ' ', MESSAGES.messageRequired],
  ];
  for (const [field, bad, message] of cases) {
    test(`${field} = ${JSON.stringify(bad)} gives '${message}'`, () => {
      assert.equal(messageFor(contactSchema, { ...contact, [field]: bad }), message);
    });
  }
  test('a browser File counts as an image', () => {
    const file = new File([new Uint8Array([1])], 'a.png', { type: 'image/png' });
    assert.equal(contactSchema.safeParse({ ...contact, img: file }).success, true);
    assert.equal(messageFor(contactSchema, { ...contact, img: new File([], 'empty.png') }), MESSAGES.imageRequired);
  });
});

describe('feedback and newsletter schemas', () => {
  test('feedback is required', () => {
    assert.equal(messageFor(feedbackSchema, { feedback: '' }), MESSAGES.feedbackRequired);
    assert.equal(messageFor(feedbackSchema, {}), MESSAGES.feedbackRequired);
    assert.equal(feedbackSchema.parse({ feedback: ' Love the fuel report ' }).feedback, 'Love the fuel report');
  });
  test('feedback has a maximum length', () => {
    assert.equal(feedbackSchema.safeParse({ feedback: 'x'.repeat(MAX_LENGTH.feedback) }).success, true);
    assert.equal(
      messageFor(feedbackSchema, { feedback: 'x'.repeat(MAX_LENGTH.feedback + 1) }),
      MESSAGES.tooLong('Feedback', MAX_LENGTH.feedback),
    );
  });
  test('newsletter email follows the spec pattern', () => {
    assert.equal(messageFor(newsletterSchema, { email: '' }), MESSAGES.emailRequired);
    assert.equal(messageFor(newsletterSchema, { email: 'a@b' }), MESSAGES.emailInvalid);
    assert.equal(newsletterSchema.parse({ email: 'Ops@Fleet.io' }).email, 'ops@fleet.io');
  });
});
