// The staff sign-in as the browser keeps it (spec 3 and 6): the four token fields in session
// storage, and who is signed in, for the navbar. Browser only.
import { useSyncExternalStore } from 'react';
import type { Tokens } from '../../common/api.ts';
import { SESSION_MARKER_COOKIE } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';

const TOKEN_KEYS = ['access_token', 'refresh_token', 'token_type', 'expires_in'] as const;

export function storeTokens(tokens: Tokens) {
  for (const key of TOKEN_KEYS) sessionStorage.setItem(key, String(tokens[key]));
}

/** The stored access token when both tokens are there (the spec's condition for a check). */
export function storedAccessToken(): string | null {
  try {
    const access = sessionStorage.getItem('access_token');
    return access && sessionStorage.getItem('refresh_token') ? access : null;
  } catch {
    // Storage can be switched off; then nobody is signed in.
    return null;
  }
}

export function clearTokens() {
  for (const key of TOKEN_KEYS) sessionStorage.removeItem(key);
  try {
    localStorage.removeItem('haulora-refresh-handoff');
  } catch {
    // Storage switched off: nothing was handed off.
  }
}

export function isTokens(value: unknown): value is Tokens {
  if (!value || typeof value !== 'object') return false;
  const tokens = value as Record<string, unknown>;
  return (
    typeof tokens.access_token === 'string' &&
    typeof tokens.refresh_token === 'string' &&
    typeof tokens.token_type === 'string' &&
    typeof tokens.expires_in === 'number'
  );
}

// Who is signed in. A tiny store rather than React state: the navbar and the sign-in form live
// in different trees (the form may be in a modal or on /sign-in).
let signedInUser: string | null = null;
// The staff role (issue 19), from ValidateToken: what the navbar offers. The server checks every call.
let signedInRole: string | null = null;
const listeners = new Set<() => void>();

export function setSignedInUser(username: string | null, role: string | null = null) {
  signedInUser = username;
  signedInRole = username ? role : null;
  for (const listener of listeners) listener();
}

/** The signed-in staff member's role, or null while unknown or signed out. */
export function useSignedInRole(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => signedInRole,
    () => null,
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useSignedInUser(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => signedInUser,
    () => null,
  );
}

export type RefreshOutcome =
  { kind: 'refreshed'; accessToken: string } | { kind: 'signed-out' } | { kind: 'unreachable' };

let refreshing: Promise<RefreshOutcome> | null = null;

// Tabs that hold the same sign-in (a duplicated tab copies session storage, refresh token and
// all) must not each spend the refresh token: the second use would look like a stolen token and
// end the sign-in everywhere. So refreshes take a lock shared by every tab of the site (Web
// Locks), and the tab that rotated hands the new tokens to the tabs that held the old one: at
// once over a BroadcastChannel, and for a tab already waiting on the lock, through a short-lived
// local storage entry it reads under the lock (removed after HANDOFF_MS, and on sign-out).
const LOCK_NAME = 'haulora-refresh';
const HANDOFF_KEY = 'haulora-refresh-handoff';
const HANDOFF_MS = 30_000;
/** `from`: the refresh token the new tokens replace; empty when they came from the session
 * cookie (decision 049), then tabs of the same sign-in (the access token's `sid`) take them. */
type Handoff = { from: string; tokens: Tokens; at: number };

/** Whether this browser may hold the session cookie (its script-readable marker is set). */
export function mayHaveSessionCookie(): boolean {
  return typeof document !== 'undefined' && document.cookie.split(/; */).includes(`${SESSION_MARKER_COOKIE}=1`);
}

/** The sign-in an access token belongs to (its `sid` claim; read, not verified: only to match tabs). */
function sessionIdOf(accessToken: string | null): string | null {
  try {
    const payload = JSON.parse(atob((accessToken ?? '').split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      sid?: unknown;
    };
    return typeof payload.sid === 'string' ? payload.sid : null;
  } catch {
    return null;
  }
}

// Browser only (the server renders this module too, where a channel would keep Node running).
const channel =
  typeof window === 'undefined' || typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LOCK_NAME);
channel?.addEventListener('message', (event: MessageEvent<Handoff>) => adoptHandoff(event.data));

/** Takes the new tokens when they replace the refresh token this tab holds; true when taken. */
function adoptHandoff(handoff: Handoff | null): boolean {
  try {
    if (!handoff || !isTokens(handoff.tokens)) return false;
    const held = sessionStorage.getItem('refresh_token');
    const sameSignIn = handoff.from
      ? held === handoff.from
      : held !== null &&
        sessionIdOf(sessionStorage.getItem('access_token')) === sessionIdOf(handoff.tokens.access_token);
    if (!sameSignIn) return false;
    storeTokens(handoff.tokens);
    return true;
  } catch {
    return false;
  }
}

function readHandoff(): Handoff | null {
  try {
    const handoff = JSON.parse(localStorage.getItem(HANDOFF_KEY) ?? 'null') as Handoff | null;
    if (handoff && Date.now() - handoff.at < HANDOFF_MS) return handoff;
    localStorage.removeItem(HANDOFF_KEY);
  } catch {
    // Storage switched off or a bad entry: no hand-off.
  }
  return null;
}

function publishHandoff(handoff: Handoff) {
  channel?.postMessage(handoff);
  try {
    localStorage.setItem(HANDOFF_KEY, JSON.stringify(handoff));
    setTimeout(() => {
      if (readHandoff()?.at === handoff.at) localStorage.removeItem(HANDOFF_KEY);
    }, HANDOFF_MS);
  } catch {
    // Without local storage the broadcast alone tells the other tabs.
  }
}

/** Runs `work` holding the site-wide refresh lock where the browser has Web Locks. */
function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(LOCK_NAME, work) : work();
}

/** Trades the stored refresh token for new tokens (POST /api/auth/refresh) and stores them.
 * Calls that fail together share one refresh, and tabs refresh one at a time: each refresh token
 * works once, and a second use would end the sign-in everywhere. `refused`: the access token the
 * server has just refused, when the caller made a call with it; if this tab already holds
 * another one (a refresh, here or in another tab, finished while that call was under way), it
 * is used as it is rather than spending the refresh token again. */
export function refreshSession(refused?: string | null): Promise<RefreshOutcome> {
  const stored = (key: string) => {
    try {
      return sessionStorage.getItem(key);
    } catch {
      // Storage switched off: nobody is signed in.
      return null;
    }
  };
  const before = stored('refresh_token');
  const renewed = stored('access_token');
  if (refused !== undefined && before && renewed && renewed !== refused)
    return Promise.resolve({ kind: 'refreshed', accessToken: renewed });
  refreshing ??= withRefreshLock(async (): Promise<RefreshOutcome> => {
    // Another tab holding this very token rotated it while this one waited for the lock: take
    // its tokens (already taken if its broadcast came first) instead of spending the old one.
    adoptHandoff(readHandoff());
    const refreshToken = stored('refresh_token');
    const accessToken = stored('access_token');
    if (refreshToken && accessToken && (refreshToken !== before || (refused !== undefined && accessToken !== refused)))
      return { kind: 'refreshed', accessToken };
    // No tokens in this tab (a new tab, an email link): the session cookie's, when it may be there.
    if (!refreshToken && !mayHaveSessionCookie()) return { kind: 'signed-out' };
    const { apiPostJson, apiPostEmpty } = await import('./api-client.ts');
    const result = refreshToken
      ? await apiPostJson<Tokens>('/api/auth/refresh', { refresh_token: refreshToken })
      : await apiPostEmpty<Tokens>('/api/auth/refresh');
    if (result.kind === 'data' && isTokens(result.data)) {
      storeTokens(result.data);
      publishHandoff({ from: refreshToken ?? '', tokens: result.data, at: Date.now() });
      return { kind: 'refreshed', accessToken: result.data.access_token };
    }
    if (result.kind === 'failed' && (result.status === null || result.status >= 500)) return { kind: 'unreachable' };
    return { kind: 'signed-out' };
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** On page load (spec 4): checks stored tokens with the server. True when they are live; a
 * failure is only logged, and the stale tokens are cleared. */
export async function restoreSession(): Promise<boolean> {
  let accessToken = storedAccessToken();
  // A tab without tokens starts from the session cookie (decision 049): a new tab, an email link.
  if (!accessToken && mayHaveSessionCookie()) {
    const refreshed = await refreshSession();
    if (refreshed.kind === 'refreshed') accessToken = refreshed.accessToken;
  }
  if (!accessToken) return false;
  // The client loads only for visitors with a stored sign-in: nearly nobody.
  const { apiGet } = await import('./api-client.ts');
  type Validated = { username?: string; role?: string };
  let result = await apiGet<Validated>('/api/ValidateToken', { bearer: accessToken });
  // An access token that has run out is renewed with the refresh token, silently.
  if (result.status === 401) {
    const refreshed = await refreshSession(accessToken);
    if (refreshed.kind === 'refreshed')
      result = await apiGet<Validated>('/api/ValidateToken', { bearer: refreshed.accessToken });
  }
  // Any 2xx is a live sign-in (spec 7 does not fix the body); the name when the body has one.
  const status = result.status ?? 0;
  if (status && status < 300) {
    setSignedInUser(
      (result.kind === 'data' && result.data?.username) || 'Staff',
      (result.kind === 'data' && result.data?.role) || null,
    );
    return true;
  }
  // Logged, not shown (spec 4); console.log, not console.error: nothing is broken. Only a refusal
  // (4xx) forgets the tokens: a network failure or a server fault says nothing about them.
  const refused = status >= 400 && status < 500;
  console.log(
    refused ? 'Stored sign-in is no longer valid:' : 'Sign-in check failed:',
    ('message' in result && result.message) || MESSAGES.tokenInvalid,
  );
  if (refused) clearTokens();
  return false;
}

/** Revokes the sign-in on the server (GET /api/SignOut), then forgets it here either way. */
export async function signOut(): Promise<string> {
  const accessToken = storedAccessToken();
  const { apiGet } = await import('./api-client.ts');
  const result = accessToken ? await apiGet('/api/SignOut', { bearer: accessToken }) : null;
  clearTokens();
  setSignedInUser(null);
  return (result?.kind === 'success' && result.message) || MESSAGES.signedOut;
}
