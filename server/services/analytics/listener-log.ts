// The beacon listener's log (decision 061): the few lines its thread writes (a refusal, a failed
// write, a fault), as JSON lines in pino's shape (level number, time, pid, hostname, msg, err) at
// the app's LOG_LEVEL, so they read like the app's own. A whole pino logger is not needed for
// them, and no line is written per beacon taken (those are counted in /metrics instead).
import { hostname } from 'node:os';

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;
export type LogLevel = keyof typeof LEVELS;

type Fields = Record<string, unknown> & { err?: unknown };
type Write = (fields: Fields, message: string) => void;
export type ListenerLog = { error: Write; warn: Write; info: Write; debug: Write };

const errorFields = (error: unknown) =>
  error instanceof Error
    ? { type: error.name, message: error.message, stack: error.stack, code: (error as NodeJS.ErrnoException).code }
    : { message: String(error) };

export function createListenerLog(
  level: string,
  write: (line: string) => void = (line) => void process.stdout.write(line),
): ListenerLog {
  const threshold = LEVELS[level as LogLevel] ?? LEVELS.info;
  const base = { pid: process.pid, hostname: hostname(), name: 'beacon-listener' };
  const at =
    (levelNumber: number): Write =>
    (fields, msg) => {
      if (levelNumber < threshold) return;
      const { err, ...rest } = fields;
      const line = {
        level: levelNumber,
        time: Date.now(),
        ...base,
        ...rest,
        ...(err ? { err: errorFields(err) } : {}),
        msg,
      };
      write(`${JSON.stringify(line)}\n`);
    };
  return { error: at(LEVELS.error), warn: at(LEVELS.warn), info: at(LEVELS.info), debug: at(LEVELS.debug) };
}
