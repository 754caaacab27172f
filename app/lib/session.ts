// The staff sign-in as the browser keeps it (spec 3 and 6): the four token fields in session
// storage, and who is signed in, for the navbar. Browser only.
import { useSyncExternalStore } from 'react';
import type { Tokens } from '../../common/api.ts';
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
const listeners = new Set<() => void>();

export function setSignedInUser(username: string | null) {
  signedInUser = username;
  for (const listener of listeners) listener();
}

export function useSignedInUser(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => signedInUser,
    () => null,
  );
}

export type RefreshOutcome = { kind: 'refreshed'; accessToken: string } | { kind: 'signed-out' } | { kind: 'unreachable' };

let refreshing: Promise<RefreshOutcome> | null = null;

/** Trades the stored refresh token for new tokens (POST /api/auth/refresh) and stores them.
 * Calls that fail together share one refresh: each refresh token works once, and a second use
 * would end the sign-in everywhere. */
export function refreshSession(): Promise<RefreshOutcome> {
  refreshing ??= (async (): Promise<RefreshOutcome> => {
    let refreshToken: string | null = null;
    try {
      refreshToken = sessionStorage.getItem('refresh_token');
    } catch {
      // Storage switched off: nobody is signed in.
    }
    if (!refreshToken) return { kind: 'signed-out' };
    const { apiPostJson } = await import('./api-client.ts');
    const result = await apiPostJson<Tokens>('/api/auth/refresh', { refresh_token: refreshToken });
    if (result.kind === 'data' && isTokens(result.data)) {
      storeTokens(result.data);
      return { kind: 'refreshed', accessToken: result.data.access_token };
    }
    if (result.kind === 'failed' && (result.status === null || result.status >= 500)) return { kind: 'unreachable' };
    return { kind: 'signed-out' };
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** On page load (spec 4): checks stored tokens with the server. True when they are live; a
 * failure is only logged, and the stale tokens are cleared. */
export async function restoreSession(): Promise<boolean> {
  const accessToken = storedAccessToken();
  if (!accessToken) return false;
  // The client loads only for visitors with a stored sign-in: nearly nobody.
  const { apiGet } = await import('./api-client.ts');
  let result = await apiGet<{ username: string }>('/api/ValidateToken', { bearer: accessToken });
  // An access token that has run out is renewed with the refresh token, silently.
  if (result.status === 401) {
    const refreshed = await refreshSession();
    if (refreshed.kind === 'refreshed') result = await apiGet<{ username: string }>('/api/ValidateToken', { bearer: refreshed.accessToken });
  }
  if (result.kind === 'data' && typeof result.data?.username === 'string') {
    setSignedInUser(result.data.username);
    return true;
  }
  // Logged, not shown (spec 4); console.log, not console.error: nothing is broken.
  console.log('Stored sign-in is no longer valid:', 'message' in result ? result.message : MESSAGES.tokenInvalid);
  clearTokens();
  return false;
}

/** Revokes the sign-in on the server (GET /api/SignOut), then forgets it here either way. */
export async function signOut(): Promise<string> {
  const accessToken = storedAccessToken();
  const { apiGet } = await import('./api-client.ts');
  const result = accessToken ? await apiGet('/api/SignOut', { bearer: accessToken }) : null;
  clearTokens();
  setSignedInUser(null);
  return result?.kind === 'success' ? result.message : MESSAGES.signedOut;
}
