// A staff member signed in through the real POST /api/SignIn: one helper for every API test that
// needs a bearer token, instead of each file creating an account and signing in its own way.
import assert from 'node:assert/strict';
import type { StaffRole } from '../../common/content.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import type { ApiClient, ApiResponse } from './api-client.ts';
import type { TestServer } from './server.ts';

/** The password every test account gets: long enough for the users tool's rule. */
export const STAFF_PASSWORD = 'correct horse battery staple';

export type StaffClient = {
  username: string;
  /** The access token the sign-in answered. */
  token: string;
  /** The whole sign-in answer (access and refresh tokens, expiry). */
  tokens: { access_token: string; refresh_token: string; token_type: string; expires_in: number };
  /** The visitor's client the sign-in was made with (its cookies: CSRF, refresh session). */
  client: ApiClient;
  /** A call as the browser's staff pages make it: bearer token, CSRF header and JSON body on
   * anything but GET; `token: null` leaves the bearer out. */
  call(
    method: string,
    path: string,
    body?: unknown,
    options?: { token?: string | null; headers?: Record<string, string> },
  ): Promise<ApiResponse>;
  get(path: string): Promise<ApiResponse>;
};

/** Creates the account when it does not exist yet (with `role` and an optional email), signs it
 * in and hands back a client that calls as that staff member. */
export async function signInAs(
  server: Pick<TestServer, 'app' | 'client'>,
  username: string,
  options: { role?: StaffRole; email?: string | null; password?: string } = {},
): Promise<StaffClient> {
  const password = options.password ?? STAFF_PASSWORD;
  const users = server.app.repos.users;
  if (!(await users.findByUsername(username))) {
    await users.create(
      username,
      await hashPassword(password),
      new Date().toISOString(),
      options.email ?? null,
      options.role ?? 'admin',
    );
  }
  const client = await server.client().visit();
  const answer = await client.post('/api/SignIn', { username, password });
  assert.equal(answer.status, 200, `${username} signs in: ${answer.text}`);
  const token: string = answer.body.access_token;
  const call: StaffClient['call'] = (method, path, body, { token: bearer = token, headers = {} } = {}) =>
    client.request(method, path, {
      headers: {
        ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
        ...(method === 'GET'
          ? {}
          : { ...client.csrfHeader(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return { username, token, tokens: answer.body, client, call, get: (path) => call('GET', path) };
}
