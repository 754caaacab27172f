// A real SMTP server for tests (the smtp-server package on 127.0.0.1) that keeps every message
// it accepts, and a small reader of the raw messages: unfolded headers, decoded subject, body.
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** The envelope: who the SMTP conversation said it was from and to. */
  mailFrom: string;
  rcptTo: string[];
  raw: string;
  headers: Map<string, string[]>;
  /** A header's only value (decoded); throws when there are several. */
  header(name: string): string | undefined;
  body: string;
};

export type TestSmtp = { port: number; messages: ReceivedMail[]; close(): Promise<void> };

/** Starts an SMTP server on `port` (0: any free one), without TLS or required auth. */
export async function startSmtp(port = 0): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        messages.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            envelope.mailFrom ? envelope.mailFrom.address : '',
            envelope.rcptTo.map((rcpt) => rcpt.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no TCP address');
  return {
    port: address.port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Reads a raw message: headers unfolded and their encoded words decoded, the body decoded. */
export function parseMail(raw: string, mailFrom = '', rcptTo: string[] = []): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const rawBody = split === -1 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string[]>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = decodeWords(line.slice(colon + 1).trim());
    headers.set(name, [...(headers.get(name) ?? []), value]);
  }
  const encoding = headers.get('content-transfer-encoding')?.[0]?.toLowerCase();
  const body =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(rawBody)
      : encoding === 'base64'
        ? Buffer.from(rawBody.replace(/\s+/g, ''), 'base64').toString('utf8')
        : rawBody;
  return {
    mailFrom,
    rcptTo,
    raw,
    headers,
    header(name) {
      const values = headers.get(name.toLowerCase());
      if (values && values.length > 1) throw new Error(`${name} appears ${values.length} times`);
      return values?.[0];
    },
    body: body.replace(/\r\n/g, '\n'),
  };
}

function decodeQuotedPrintable(text: string): string {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), adjacent ones joined. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, mode: string, text: string) =>
      mode.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
