// Hands every request no other route claimed to the React Router app, last in line. In
// production the server build comes from build/; in development Vite's dev server builds it
// on demand and serves the browser modules through its middleware.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import type { AppContext } from '../../app/lib/app-context.ts';
import { parseTheme, THEME_COOKIE } from '../../app/lib/theme.ts';
import { MESSAGES } from '../../common/messages.ts';
import type { Config } from '../config.ts';
import { PublicError } from '../errors.ts';
import { buildDir, clientBuildDir, serverBuildFile } from '../paths.ts';
import { readBuildData } from '../build-data.ts';
import { NO_SCREENS } from '../../app/lib/screens-manifest.ts';
import { randomToken } from '../random.ts';
import { type CriticalCss, createCriticalCss } from '../services/critical-css.ts';
import { sameToken } from './csrf.ts';
import { checkDeclaredLength, pageBodyLimit, readLimitedBody } from './page-body-limits.ts';
import { type CachedPage, cachedPagePaths, createPageCache } from './page-cache.ts';
import { rateLimitFor } from './rate-limits.ts';

/** The idempotency key of the native forms in one answer: each page view's posts are its own. */
const newFormKey = () => randomToken(16, 'hex');

type BuildWithContext = ServerBuild & {
  entry: { module: { appContext: Parameters<RouterContextProvider['set']>[0] } };
};

export default async function reactRouter(app: FastifyInstance, options: { config: Config; dev: boolean }) {
  const loadHandler = options.dev ? await devHandlerLoader(app) : await productionHandler();

  // Page requests keep their body as a stream for route actions to read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  // In development Vite rebuilds the app on every change: nothing rendered may be kept.
  const pageCache =
    options.config.pageCache && !options.dev
      ? createPageCache(cachedPagePaths((await loadHandler()).build.routes))
      : undefined;
  if (pageCache) app.services.content.onInvalidate(() => pageCache.clear());
  // The cached pages' first paint without the stylesheet's round trip (decision 060).
  const criticalCss =
    pageCache && options.config.criticalCss
      ? createCriticalCss(clientBuildDir, app.log, (result) => app.metrics.criticalCss.inc({ result }))
      : undefined;
  if (criticalCss) app.addHook('onClose', async () => criticalCss.close());
  const siteOrigin = options.config.siteUrl ? new URL(options.config.siteUrl).origin : undefined;
  const { socialCards, contentDates, screens } = options.dev
    ? { socialCards: {}, contentDates: {}, screens: NO_SCREENS }
    : readBuildData(buildDir);

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { build, handle } = await loadHandler();
    const origin = siteOrigin ?? `${request.protocol}://${request.host}`;
    // The one thing a shared render takes from the visitor: which of the three themes to write.
    const theme = parseTheme(request.cookies[THEME_COOKIE]);
    // The site settings: the Content area's edit of them once there is one (issue 31).
    // A page's draft preview (decision 055): its real route rendered with the draft over its copy.
    const preview = await pagePreviewOf(app, request);
    const pages = preview ? app.services.pageCopy.withDraft(preview.pageId, preview.draft) : app.services.pageCopy;
    const site = await pages.site(options.config.site);
    const cacheKey = request.cspNonce ? pageCache?.keyFor(request.method, origin, request.url, theme) : undefined;
    const render = (values: { nonce: string | undefined; csrfToken: string; formKey: string }, webRequest: Request) => {
      const context = new RouterContextProvider();
      const value: AppContext = {
        cspNonce: values.nonce,
        site,
        content: app.services.content,
        pages,
        ...(preview ? { preview: { title: preview.title, expiresAt: preview.expiresAt } } : {}),
        origin,
        socialCards,
        liveCardUrl: (text) => app.services.liveCards.url(text),
        contentDates,
        screens,
        theme,
        // As the CSRF cookie is (server/plugins/csrf.ts).
        secureCookies: Boolean(siteOrigin?.startsWith('https:')) || request.protocol === 'https',
        csrf: { token: values.csrfToken, verify: (submitted) => sameToken(request.csrfToken, submitted) },
        formKey: values.formKey,
        clientAddress: request.ip,
        requestId: request.id,
        log: request.log,
        // Page actions (forms without JavaScript) apply the very rules the API applies.
        services: {
          intake: app.services.intake,
          auth: app.services.auth,
          contentEditing: app.services.contentEditing,
          pageEditing: app.services.pageEditing,
          contentImages: app.services.contentImages,
          analytics: { overview: app.analytics.overview },
          booking: {
            slots: app.services.booking.slots,
            siteTimeZone: options.config.booking.siteTimeZone,
            manage: app.services.bookingManager,
          },
          staffDemos: app.services.staffDemos,
        },
      };
      context.set(build.entry.module.appContext, value);
      return handle(webRequest, context);
    };
    if (preview) {
      const response = await render(
        { nonce: request.cspNonce, csrfToken: request.csrfToken, formKey: newFormKey() },
        toWebRequest(request, reply, false, preview.path),
      );
      // Never kept or indexed; and static: the page's scripts would hydrate the route of the
      // address bar (/preview/…), not the page rendered, so a second policy forbids them.
      const policy = String(reply.getHeader('content-security-policy') ?? '');
      // The editor's live pane (decision 059) frames its page: its own origin may, nobody else.
      const framing = preview.live ? policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'") : policy;
      reply.header('content-security-policy', [framing, "script-src 'none'"].filter(Boolean));
      if (preview.live) {
        reply.raw.removeHeader('x-frame-options');
        reply.header('x-frame-options', 'SAMEORIGIN');
      }
      response.headers.set('cache-control', 'no-store');
      response.headers.set('x-robots-tag', 'noindex');
      return sendWebResponse(reply, preview.live ? await withoutScripts(response) : response);
    }
    if (pageCache && cacheKey && request.cspNonce) {
      // A render shared by later visitors: the placeholders in place of this visitor's values.
      let page = pageCache.get(cacheKey);
      app.metrics.pageCache.inc({ result: page ? 'hit' : 'miss' });
      if (!page) {
        const generation = pageCache.generation;
        const rendered = await render(pageCache.placeholders, toWebRequest(request, reply, true));
        // A page sent without its critical rules (they took too long) is not kept.
        const { response, ready } = criticalCss
          ? await withCriticalCss(rendered, criticalCss)
          : { response: rendered, ready: true };
        page = await pageCache.store(cacheKey, response, generation, ready);
      }
      return sendCachedPage(
        reply,
        page,
        pageCache.body(page, { nonce: request.cspNonce, csrfToken: request.csrfToken, formKey: newFormKey() }),
      );
    }
    const response = await render(
      { nonce: request.cspNonce, csrfToken: request.csrfToken, formKey: newFormKey() },
      toWebRequest(request, reply),
    );
    // The pages rendered per visit (the demo booking's free times, sign-in) paint as early.
    if (criticalCss && request.method === 'GET')
      return sendWebResponse(reply, (await withCriticalCss(response, criticalCss)).response);
    return sendWebResponse(reply, response);
  };
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler });
  // Form posts to pages are submissions like the API's: the same per-address limit, and a body
  // no larger than the page's form needs.
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    config: rateLimitFor(options.config.rateLimits.formsPerMinute),
    handler: async (request, reply) => {
      // The action parses the form from memory anyway; reading it here bounds its bytes and its
      // fields by what the page's form is (page-body-limits.ts), before anything is parsed, and
      // answers 413 through the error handler. What a refused client still sends is drained for
      // a bounded while, then cut (server/app.ts).
      const contentType = request.headers['content-type'];
      const limit = pageBodyLimit(request.url, contentType);
      if (!limit) throw new PublicError(415, MESSAGES.unsupportedMediaType);
      checkDeclaredLength(request.headers['content-length'], limit);
      request.body = await readLimitedBody((request.body as Readable | undefined) ?? request.raw, contentType, limit);
      return handler(request, reply);
    },
  });
}

type Handler = { build: BuildWithContext; handle: ReturnType<typeof createRequestHandler> };

/** The production build never changes while the process runs: one handler for every request. */
async function productionHandler(): Promise<() => Promise<Handler>> {
  const build = (await import(serverBuildFile)) as BuildWithContext;
  const handler = { build, handle: createRequestHandler(build, 'production') };
  return async () => handler;
}

/** In development Vite rebuilds the server build on change, so it is loaded per request. */
async function devHandlerLoader(app: FastifyInstance): Promise<() => Promise<Handler>> {
  const [{ createServer }, middie] = await Promise.all([import('vite'), import('@fastify/middie')]);
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  await app.register(middie.default);
  app.use(vite.middlewares);
  app.addHook('onClose', async () => vite.close());
  return async () => {
    const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as BuildWithContext;
    return { build, handle: createRequestHandler(build, 'development') };
  };
}

/** Executable scripts and their preloads (JSON-LD data blocks stay): a preview may run none. */
const PREVIEW_SCRIPTS =
  /<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>|<link\s+rel="modulepreload"[^>]*>/g;

/** The live pane's page without the scripts its policy forbids, so the editor's console stays
 * free of a refusal per script on every reload of the pane (decision 059). */
async function withoutScripts(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const html = (await response.text()).replace(PREVIEW_SCRIPTS, '');
  return new Response(html, { status: response.status, headers });
}

/** The page preview a GET of /preview/<token> asks for, when the token is a page's and valid;
 * every other answer (an item's preview, a 404, a 410) is the preview route's. */
async function pagePreviewOf(app: FastifyInstance, request: FastifyRequest) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const token = /^\/preview\/([A-Za-z0-9._-]+)(?:[?#]|$)/.exec(request.url)?.[1];
  if (!token) return null;
  const preview = await app.services.pageEditing.preview(token);
  return preview && typeof preview === 'object' ? preview : null;
}

/** The web Request for `request` (at `path` instead of its own, for a page preview). A shared render (one the page cache keeps) gets neither the
 * visitor's cookies nor their credentials, and is not cut short if this client leaves. */
function toWebRequest(request: FastifyRequest, reply: FastifyReply, shared = false, path?: string): Request {
  const url = new URL(path ?? request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (shared && (name === 'cookie' || name === 'authorization')) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  // Only a client that left early aborts the render: aborting after every finished answer
  // would build an AbortError (with its stack) per request for nothing.
  if (!shared) {
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: request.body as Buffer } : {}),
  } as RequestInit);
}

/** A page answer with its critical rules inline (server/services/critical-css.ts), when known. */
async function withCriticalCss(response: Response, criticalCss: CriticalCss) {
  if (response.status !== 200 || !response.body || !response.headers.get('content-type')?.startsWith('text/html')) {
    return { response, ready: true };
  }
  const { html, ready } = await criticalCss.apply(await response.text());
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return { response: new Response(html, { status: response.status, headers }), ready };
}

function sendCachedPage(reply: FastifyReply, page: CachedPage, body: string | undefined) {
  reply.status(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  return reply.send(body);
}

function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}
