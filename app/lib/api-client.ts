// The one client the browser uses to call our API (spec 7). URLs are relative to the site; a
// non-GET request echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN (the server's double submit);
// every answer is read into one typed result, whatever shape the route answers with.
import { CSRF_COOKIE, CSRF_HEADER, IDEMPOTENCY_HEADER, SubmissionStatus } from '../../common/constants.ts';
import type { SubmissionResult } from '../components/ui/result-modal.tsx';
import type { Answers } from './use-form.ts';

/** What a call came to. Forms switch on `kind`; each spec message maps to one kind. The first
 * list item decides (spec 7 and 8): ['SUCCESS'] alone is a success without a message. */
export type ApiResult<T = unknown> =
  /** ['SUCCESS', message?] */
  | { kind: 'success'; message: string | undefined; status: number }
  /** Any other successful body: the sign-in tokens, a token's owner, a list of rows. */
  | { kind: 'data'; data: T; status: number }
  /** ['ERROR', message?]: the sign-in and demo refusals. */
  | { kind: 'ERROR'; message: string | undefined; status: number }
  /** ['ErrorInfo', message?]: the feedback, contact and newsletter refusals. */
  | { kind: 'ErrorInfo'; message: string | undefined; status: number }
  /** {errorInfo: message}: the token refusals. */
  | { kind: 'errorInfo'; message: string; status: number }
  /** No answer we can read: offline, aborted, or a body in no known shape. */
  | { kind: 'failed'; status: number | null };

type RequestOptions = { bearer?: string | null; signal?: AbortSignal; idempotencyKey?: string | undefined };

export function apiGet<T = unknown>(path: string, options: RequestOptions = {}) {
  return send<T>('GET', path, undefined, options);
}

/** POST a JSON body. */
export function apiPostJson<T = unknown>(path: string, body: unknown, options: RequestOptions = {}) {
  return send<T>('POST', path, JSON.stringify(body), options, { 'content-type': 'application/json' });
}

/** POST without a body (the refresh from the session cookie). */
export function apiPostEmpty<T = unknown>(path: string, options: RequestOptions = {}) {
  return send<T>('POST', path, undefined, options);
}

/** PUT a JSON body (the staff inbox's status change). */
export function apiPutJson<T = unknown>(path: string, body: unknown, options: RequestOptions = {}) {
  return send<T>('PUT', path, JSON.stringify(body), options, { 'content-type': 'application/json' });
}

/** POST multipart form data (the contact form's image); the browser writes the boundary. */
export function apiPostForm<T = unknown>(path: string, body: FormData, options: RequestOptions = {}) {
  return send<T>('POST', path, body, options);
}

async function send<T>(
  method: string,
  path: string,
  body: BodyInit | undefined,
  options: RequestOptions,
  extraHeaders: Record<string, string> = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  if (method !== 'GET') {
    const token = readCookie(CSRF_COOKIE);
    if (token) headers[CSRF_HEADER] = token;
  }
  let response: Response;
  let answer: unknown;
  try {
    response = await fetch(path, { method, headers, body, credentials: 'same-origin', signal: options.signal });
  } catch {
    return { kind: 'failed', status: null };
  }
  try {
    answer = await response.json();
  } catch {
    return { kind: 'failed', status: response.status };
  }
  return readAnswer<T>(answer, response.status);
}

/** Reads an answer body into a result (spec 7: the first list item says what it is; a second
 * item that is not text, like the glossary's rows, makes it data). */
export function readAnswer<T = unknown>(answer: unknown, status: number): ApiResult<T> {
  if (Array.isArray(answer) && (answer[0] === 'SUCCESS' || answer[0] === 'ERROR' || answer[0] === 'ErrorInfo')) {
    const [first, second] = answer as [string, unknown];
    if (second === undefined || typeof second === 'string') {
      const message = second as string | undefined;
      if (first === 'SUCCESS') return status < 400 ? { kind: 'success', message, status } : { kind: 'failed', status };
      return { kind: first as 'ERROR' | 'ErrorInfo', message, status };
    }
  }
  if (answer && typeof answer === 'object' && 'errorInfo' in answer && typeof answer.errorInfo === 'string') {
    return { kind: 'errorInfo', message: answer.errorInfo, status };
  }
  if (status >= 200 && status < 300) return { kind: 'data', data: answer as T, status };
  return { kind: 'failed', status };
}

/** What a form shows for an answer (spec 8), read the same way by every form. */
export function outcomeOf(answer: ApiResult, answers: Answers, accepted: boolean): SubmissionResult {
  if (accepted)
    return {
      status: SubmissionStatus.Success,
      message: (answers.ownSuccess && answer.kind === 'success' && answer.message) || answers.success,
    };
  const readable = answer.kind === answers.serverMessage && 'message' in answer ? answer.message : undefined;
  return { status: SubmissionStatus.Error, message: readable ?? answers.failed };
}

export type Sent = { key: string; body: string };

/** The idempotency key of a body (a file by its name, size and type): the last one's when the
 * same body is sent again, so the server stores it once; a new one (128 random bits) otherwise. */
export function keyFor(last: Sent | null, data: unknown): Sent {
  const body = JSON.stringify(data, (_key, value: unknown) =>
    value instanceof Blob ? [value.size, value.type, (value as File).name] : value,
  );
  if (last?.body === body) return last;
  return {
    key: Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(''),
    body,
  };
}

function readCookie(name: string): string | null {
  for (const pair of document.cookie.split('; ')) {
    const index = pair.indexOf('=');
    if (pair.slice(0, index) === name) return decodeURIComponent(pair.slice(index + 1));
  }
  return null;
}
