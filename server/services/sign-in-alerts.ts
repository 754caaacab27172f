// The email a staff member gets when their account sees a burst of failed sign-ins (issue 33,
// decision 030): the lockout calls it once per burst. It goes through the outbox like every email,
// so it is sent even if mail is down for a while; it names the account and the count, never an
// address or anything an attacker typed, and only an account with an email address gets one.
import type { EmailContent } from '../../content/emails.schema.ts';
import type { OutboxRepository } from '../db/repositories/outbox.ts';
import type { UsersRepository } from '../db/repositories/users.ts';
import { fill, headerText } from './notifications.ts';

export function createSignInAlerts(deps: {
  repos: { users: Pick<UsersRepository, 'findByUsername'>; outbox: Pick<OutboxRepository, 'add'> };
  copy: EmailContent;
  settings: { brand: string; siteUrl: string };
  /** How long the failures were counted over (the lock period). */
  minutes: number;
  messageId: () => string;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    /** Writes the alert for `username`; false when there is no such account or no address. */
    async send(username: string, failures: number): Promise<boolean> {
      const user = await deps.repos.users.findByUsername(username);
      if (!user || user.disabledAt || !user.email) return false;
      const values = {
        username: headerText(user.username, 64),
        failures: String(failures),
        minutes: String(deps.minutes),
        brand: deps.settings.brand,
      };
      const copy = deps.copy.signInAlert;
      await deps.repos.outbox.add({
        kind: 'sign-in-alert',
        submissionKind: null,
        submissionId: null,
        createdAt: now().toISOString(),
        recipient: user.email,
        replyTo: null,
        subject: headerText(fill(copy.subject, values)),
        bodyText:
          [
            fill(copy.intro, values),
            fill(copy.advice, values),
            `${deps.settings.siteUrl.replace(/\/+$/, '')}/sign-in`,
          ].join('\n\n') + '\n',
        messageId: deps.messageId(),
      });
      return true;
    },
  };
}
