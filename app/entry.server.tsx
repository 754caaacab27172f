// Renders a page on the server. Every script the router writes carries the response's CSP nonce.
// Pages wait for all their data (onAllReady) so visitors, crawlers and readers without JavaScript
// get the complete HTML with the right status.
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { appContext, NonceContext, RequestIdContext } from './lib/app-context.ts';
import { InlineScreens } from './lib/inline-screens.ts';
import { demoCountryData } from './lib/countries.server.ts';
import { ServerCountries } from './lib/countries-request.ts';
import { socialCardTags, structuredDataScripts } from './lib/head-additions.server.ts';
import { pageCopy } from './lib/page-copy.server.ts';
import { insertBeforeHeadEnd } from './lib/insert-before-head-end.server.ts';
import { scriptsAfterFirstPaint } from './lib/scripts-after-first-paint.server.ts';
import { withoutModulePreloads } from './lib/without-module-preloads.server.ts';

export { appContext };

export const streamTimeout = 5_000;

/** A loader's, an action's or the render's error goes to the request's log with its request id,
 * so an operator can match the 500 to its cause. An unknown page (404) and a request the visitor
 * abandoned are no fault of the server's. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // The router wraps an error thrown outside a route (e.g. a bad request) in an error response.
  const cause = isRouteErrorResponse(error) && 'error' in error && error.error ? error.error : error;
  (context as RouterContextProvider).get(appContext).log.error({ err: cause, url: request.url }, 'page request failed');
};

/** The page's social card tags and JSON-LD (app/lib/head-additions.server.ts). */
async function headAdditions(request: Request, loadContext: RouterContextProvider): Promise<(head: string) => string> {
  const app = loadContext.get(appContext);
  const { site, origin, socialCards, liveCardUrl, cspNonce: nonce } = app;
  // The plans and feature titles as the pages show them (the Content area's edits, issue 31).
  const [offer, features] = await Promise.all([pageCopy(app, 'offer'), pageCopy(app, 'features')]);
  const input = {
    pathname: new URL(request.url).pathname,
    site,
    origin,
    socialCards,
    liveCardUrl,
    nonce,
    copy: { offer, features },
  };
  const structured = structuredDataScripts(input);
  return (head) => socialCardTags(input, head) + structured;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { cspNonce: nonce, requestId, screens } = loadContext.get(appContext);
  const additions = await headAdditions(request, loadContext);

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RequestIdContext.Provider value={requestId}>
          <InlineScreens.Provider value={screens.inline ?? {}}>
            <ServerCountries.Provider value={demoCountryData()}>
              <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
            </ServerCountries.Provider>
          </InlineScreens.Provider>
        </RequestIdContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // Every Suspense boundary in the page's HTML where it stands (the forms whose code loads
        // late, decision 026): past this many bytes React would send a finished boundary at the
        // end, to be moved into place by a script, so without JavaScript it would never show.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          // The page depends on the theme cookie (decision 023): a browser must not answer a
          // back or forward navigation with a copy it stored before the visitor chose another.
          responseHeaders.append('Vary', 'Cookie');
          // First paint before scripts: see without-module-preloads.server.ts and
          // scripts-after-first-paint.server.ts.
          pipe(withoutModulePreloads())
            .pipe(scriptsAfterFirstPaint(routerContext.manifest))
            .pipe(insertBeforeHeadEnd(additions))
            .pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          loadContext.get(appContext).log.error({ err: error, url: request.url }, 'page render failed');
        },
      },
    );
  });
}
