// How an outbox row leaves the server (decision 010): by SMTP when SMTP_URL is set, otherwise as
// an .eml file under DATA_DIR/outbox/ so a local run shows exactly what would be sent. Either
// way nodemailer builds the message, and every header value is flattened to one line first.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { OutboxRow } from '../db/repositories/outbox.ts';
import { headerText } from './notifications.ts';

export type MailTransport = {
  /** Where messages go, for the log: never the SMTP password. */
  description: string;
  send(row: OutboxRow): Promise<void>;
  /** Why a send failed, fit to store and log: the SMTP password is blanked out. */
  reasonOf(error: unknown): string;
  close(): void;
};

/** Timeouts short enough that a stalled mail server cannot hold a shutdown for long. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** The message nodemailer builds from a row. Addresses go in as objects so no value is parsed
 * into further recipients; the Message-ID and Date are the row's, the same on every attempt. */
export function mailOptions(row: OutboxRow, from: string): SendMailOptions {
  return {
    from: headerText(from, 300),
    to: { name: '', address: headerText(row.recipient, 254) },
    ...(row.reply_to ? { replyTo: { name: '', address: headerText(row.reply_to, 254) } } : {}),
    subject: headerText(row.subject, 250),
    text: row.body_text,
    // A booked demo's invite: the calendar part mail programs offer to add (its METHOD inside).
    ...(row.calendar
      ? {
          icalEvent: {
            method: /^METHOD:(\w+)\r?$/m.exec(row.calendar)?.[1] ?? 'REQUEST',
            filename: 'invite.ics',
            content: row.calendar,
          },
        }
      : {}),
    messageId: headerText(row.message_id, 250),
    date: new Date(row.created_at),
    // RFC 3834: a notification, so out-of-office replies are not sent back to it.
    headers: { 'Auto-Submitted': 'auto-generated' },
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

export function createMailTransport(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}): MailTransport {
  return options.smtpUrl
    ? smtpTransport(options.smtpUrl, options.from)
    : fileTransport(options.outboxDir, options.from);
}

function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const url = new URL(smtpUrl);
  const secrets = [url.password, safeDecode(url.password)].filter((secret) => secret.length > 0);
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    ...SMTP_TIMEOUTS,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    description: `SMTP ${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}`,
    async send(row) {
      await transport.sendMail(mailOptions(row, from));
    },
    reasonOf(error) {
      let reason = error instanceof Error ? error.message : String(error);
      for (const secret of secrets) reason = reason.split(secret).join('***');
      return reason.slice(0, 1000);
    },
    close() {
      transport.close();
    },
  };
}

function fileTransport(outboxDir: string, from: string): MailTransport {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    description: `.eml files in ${outboxDir}`,
    async send(row) {
      const info = await transport.sendMail(mailOptions(row, from));
      await mkdir(outboxDir, { recursive: true });
      // Named by the row, written whole then renamed: a retry replaces the file, never doubles it.
      const file = join(outboxDir, `${String(row.id).padStart(6, '0')}-${row.kind}.eml`);
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
    },
    reasonOf(error) {
      return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    },
    close() {
      transport.close();
    },
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
