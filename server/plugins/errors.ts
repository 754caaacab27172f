// One error policy. API answers use the spec's shapes (the route picks which through
// config.errorShape) with a 4xx for anything the client got wrong and a generic 5xx message
// otherwise; nothing internal (SQL, stack, path) ever reaches a client.
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorShape, errorAnswer } from '../../common/api.ts';
import { MESSAGES, withReference } from '../../common/messages.ts';
import { isDatabaseUnavailable } from '../db/driver.ts';
import { faultOf } from '../db/health.ts';
import { PublicError } from '../errors.ts';
import { BASELINE_SECURITY_HEADERS } from './security-headers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The spec's error shape this route answers with; ['ErrorInfo', msg] when unset. */
    errorShape?: ErrorShape;
    /** One message for every validation failure, where the spec words it so (sign-in); a
     * function picks it from the first failure's own message. */
    validationMessage?: string | ((first: string | undefined) => string);
  }
}

/** Messages for errors raised by Fastify and its plugins, by error code. */
const MESSAGE_BY_CODE: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: MESSAGES.imageTooLarge,
  FST_FILES_LIMIT: MESSAGES.oneImageOnly,
  FST_INVALID_MULTIPART_CONTENT_TYPE: MESSAGES.unsupportedMediaType,
};

/** Messages for the other client errors, by status. */
const MESSAGE_BY_STATUS: Record<number, string> = {
  400: MESSAGES.badRequest,
  403: MESSAGES.csrf,
  404: MESSAGES.notFound,
  405: MESSAGES.badRequest,
  408: MESSAGES.badRequest,
  413: MESSAGES.payloadTooLarge,
  415: MESSAGES.unsupportedMediaType,
  429: MESSAGES.rateLimited,
};

export function publicAnswerFor(error: FastifyError, request: FastifyRequest): { status: number; message: string } {
  const config = request.routeOptions.config;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0]?.message;
    const message =
      typeof config.validationMessage === 'function' ? config.validationMessage(first) : config.validationMessage;
    return { status: 400, message: message ?? first ?? MESSAGES.badRequest };
  }
  if (error instanceof PublicError) return { status: error.statusCode, message: error.message };
  // PostgreSQL gone away: the client may retry shortly (readiness is 503 meanwhile).
  if (isDatabaseUnavailable(error)) return { status: 503, message: MESSAGES.unavailable };
  // A database that refuses writes (full disk, read-only): nothing was kept, try again later.
  if (faultOf(error) === 'unwritable') return { status: 503, message: MESSAGES.unavailable };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, message: MESSAGE_BY_CODE[error.code] ?? MESSAGE_BY_STATUS[status] ?? MESSAGES.badRequest };
  }
  return { status: 500, message: MESSAGES.serverError };
}

function sendError(request: FastifyRequest, reply: FastifyReply, status: number, publicMessage: string) {
  const shape = request.routeOptions.config.errorShape ?? 'ErrorInfo';
  // A server-side failure names its request (X-Request-Id, the log lines' reqId) for support.
  const message = status >= 500 ? withReference(publicMessage, request.id) : publicMessage;
  if (request.url.startsWith('/api')) {
    return reply.code(status).header('cache-control', 'no-store').send(errorAnswer(shape, message));
  }
  return reply.code(status).type('text/plain; charset=utf-8').send(message);
}

/** Fastify's `frameworkErrors`: a URL it cannot decode is refused before routing, so no hook
 * has set the security headers; they are set here, and the answer is the usual 400 (the default
 * one echoed the URL back). */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ status: 400, code: error.code }, 'request refused');
  reply.headers(BASELINE_SECURITY_HEADERS);
  reply.header('x-request-id', request.id);
  return sendError(request, reply, 400, MESSAGES.badRequest);
}

/** Fastify's `clientErrorHandler`: a request Node cannot parse or that timed out gets Fastify's
 * status (408 timeout, 431 headers too large, else 400) with the hardening headers, then the
 * connection is closed. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large']
        : [400, 'Bad Request'];
  if (socket.writable) {
    const body = JSON.stringify(errorAnswer('ErrorInfo', MESSAGES.badRequest));
    const headers = {
      ...BASELINE_SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${message}\r\n${head}\r\n${body}`);
  }
  socket.destroy(error);
}

export default fp(
  async function errorHandling(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, message } = publicAnswerFor(error, request);
      // PostgreSQL's faults reach readiness from here (SQLite's from its driver).
      request.server.databaseHealth?.observe(error);
      if (status === 503) request.log.warn({ err: error }, 'database unavailable');
      else if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ status, code: error.code }, 'request refused');
      return sendError(request, reply, status, message);
    });
    app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, MESSAGES.notFound));
  },
  { name: 'errors' },
);
