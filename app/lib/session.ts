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
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => signedInRole,
    () => null,
  );
}

/** After a sign-in: asks the server which role the new sign-in has, for the navbar. */
export async function learnRole(accessToken: string): Promise<void> {
  const { apiGet } = await import('./api-client.ts');
  const result = await apiGet<{ username?: string; role?: string }>('/api/ValidateToken', { bearer: accessToken });
  if (result.kind === 'data' && result.data?.role && signedInUser) setSignedInUser(signedInUser, result.data.role);
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

/** On page load (spec 4): checks stored tokens with the server. True when they are live; a
 * failure is only logged, and the stale tokens are cleared. */
export async function restoreSession(): Promise<boolean> {
  const accessToken = storedAccessToken();
  if (!accessToken) return false;
  // The client loads only for visitors with a stored sign-in: nearly nobody.
  const { apiGet } = await import('./api-client.ts');
  const result = await apiGet<{ username?: string; role?: string }>('/api/ValidateToken', { bearer: accessToken });
  // Any 2xx is a live sign-in (spec 7 does not fix the body); the name when the body has one.
  const status = result.status ?? 0;
  if (status && status < 300) {
    setSignedInUser((result.kind === 'data' && result.data?.username) || 'Staff', (result.kind === 'data' && result.data?.role) || null);
    return true;
  }
  // Logged, not shown (spec 4); console.log, not console.error: nothing is broken. Only a refusal
  // (4xx) forgets the tokens: a network failure or a server fault says nothing about them.
  const refused = status >= 400 && status < 500;
  console.log(refused ? 'Stored sign-in is no longer valid:' : 'Sign-in check failed:', ('message' in result && result.message) || MESSAGES.tokenInvalid);
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
