// The email a burst of failed sign-ins sends (server/services/sign-in-alerts.ts): only to an
// account that exists, is enabled and has an address; it names the account and the count and
// carries nothing else an attacker chose (the attacks test checks the burst end to end).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadEmailContent } from '../../server/content-files.ts';
import type { NewOutboxMessage } from '../../server/db/repositories/outbox.ts';
import type { User } from '../../server/db/repositories/users.ts';
import { createSignInAlerts } from '../../server/services/sign-in-alerts.ts';

const USERS: Record<string, Partial<User>> = {
  maria: { username: 'maria', email: 'maria@haulora.example', disabledAt: null },
  noaddress: { username: 'noaddress', email: null, disabledAt: null },
  gone: { username: 'gone', email: 'gone@haulora.example', disabledAt: '2026-11-01T00:00:00.000Z' },
};

function alertsWith(written: NewOutboxMessage[]) {
  return createSignInAlerts({
    repos: {
      users: { findByUsername: async (name: string) => (USERS[name.toLowerCase()] as User | undefined) ?? null },
      outbox: { add: async (message: NewOutboxMessage) => written.push(message) },
    },
    copy: loadEmailContent(),
    settings: { brand: 'Haulora', siteUrl: 'https://haulora.example/' },
    minutes: 15,
    messageId: () => '<alert@haulora.example>',
    now: () => new Date('2026-11-26T05:00:00.000Z'),
  });
}

test('an enabled account with an address gets one email naming the account, the count and the sign-in page', async () => {
  const written: NewOutboxMessage[] = [];
  assert.equal(await alertsWith(written).send('Maria', 10), true);
  assert.equal(written.length, 1);
  const [alert] = written;
  assert.equal(alert!.kind, 'sign-in-alert');
  assert.equal(alert!.recipient, 'maria@haulora.example');
  assert.equal(alert!.submissionKind, null);
  assert.equal(alert!.subject, '10 failed sign-ins to your Haulora staff account');
  assert.match(alert!.bodyText, /\(maria\) with a wrong password\s+10 times in the last 15 minutes/);
  assert.match(alert!.bodyText, /https:\/\/haulora\.example\/sign-in\n$/);
  assert.equal(alert!.createdAt, '2026-11-26T05:00:00.000Z');
});

test('no email for an unknown account, one without an address, or a disabled one', async () => {
  const written: NewOutboxMessage[] = [];
  const alerts = alertsWith(written);
  assert.equal(await alerts.send('nobody', 10), false);
  assert.equal(await alerts.send('noaddress', 10), false);
  assert.equal(await alerts.send('gone', 10), false);
  assert.equal(written.length, 0);
});
