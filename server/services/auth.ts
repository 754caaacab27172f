// Staff sign-in: password check, failure counting with slow-down and lock, sessions and tokens.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Tokens } from '../../common/api.ts';
import type { StaffRole } from '../../common/content.ts';
import type { SignInInput } from '../../common/schemas.ts';
import type { Repositories } from '../db/repositories/index.ts';
import type { FailureCounter } from '../db/repositories/sessions.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { hashToken, newRefreshToken, newSessionId, type TokenService } from './tokens.ts';

export type SignInLockPolicy = { accountFailures: number; addressFailures: number; minutes: number };

export type SignInResult = { kind: 'signed-in'; tokens: Tokens } | { kind: 'wrong-credentials' } | { kind: 'locked' };

/** Each earlier failure on an account adds this much delay to its next attempt, up to the cap. */
const SLOWDOWN_STEP_MS = 200;
const SLOWDOWN_MAX_MS = 1000;

export function createAuthService(deps: {
  repos: Pick<Repositories, 'users' | 'sessions'>;
  tokens: TokenService;
  lock: SignInLockPolicy;
  refreshTokenTtlDays: number;
  now?: () => Date;
  /** Told of refused attempts (the metrics count them). */
  observer?: { failed(): void; lockedOut(): void };
}) {
  const { repos, tokens, lock } = deps;
  const now = deps.now ?? (() => new Date());
  const lockMs = lock.minutes * 60_000;

  const accountKey = (username: string) => `user:${username.toLowerCase()}`;
  const addressKey = (address: string) => `addr:${address}`;

  /** The counter for a key, forgotten once a lock period has passed since its last failure. */
  async function currentFailures(key: string, at: Date): Promise<FailureCounter | null> {
    const counter = await repos.sessions.findFailures(key);
    if (!counter) return null;
    if (at.getTime() - Date.parse(counter.lastFailedAt) > lockMs && !isLocked(counter, at)) return null;
    return counter;
  }

  function isLocked(counter: FailureCounter | null, at: Date) {
    return counter?.lockedUntil != null && Date.parse(counter.lockedUntil) > at.getTime();
  }

  function recordFailure(key: string, threshold: number, at: Date) {
    return repos.sessions.recordFailure(key, at.toISOString(), {
      staleBefore: new Date(at.getTime() - lockMs).toISOString(),
      threshold,
      lockUntil: new Date(at.getTime() + lockMs).toISOString(),
    });
  }

  function lockedOut(): SignInResult {
    deps.observer?.lockedOut();
    return { kind: 'locked' };
  }

  async function startSession(userId: number, username: string): Promise<Tokens> {
    const at = now();
    const sessionId = newSessionId();
    const refreshToken = newRefreshToken();
    await repos.sessions.create({
      userId,
      sessionId,
      tokenHash: hashToken(refreshToken),
      createdAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + deps.refreshTokenTtlDays * 86_400_000).toISOString(),
    });
    return {
      access_token: await tokens.signAccessToken({ userId, username, sessionId }),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: tokens.accessTtlSeconds,
    };
  }

  return {
    async signIn(input: SignInInput, address: string): Promise<SignInResult> {
      const at = now();
      const account = await currentFailures(accountKey(input.username), at);
      const origin = await currentFailures(addressKey(address), at);
      if (isLocked(account, at) || isLocked(origin, at)) return lockedOut();

      // Every attempt counts as a failure before the slow part (slow-down, scrypt) and is taken
      // back if the password is right: counted afterwards, a burst of concurrent guesses would
      // all pass the lock check above before the first of them was recorded.
      // The counts come back from the same statement that adds this attempt, so of concurrent
      // attempts (on any instance) only those within the threshold go on to check a password.
      const accountCount = await recordFailure(accountKey(input.username), lock.accountFailures, at);
      const addressCount = await recordFailure(addressKey(address), lock.addressFailures, at);
      if (accountCount.failures > lock.accountFailures || addressCount.failures > lock.addressFailures) return lockedOut();

      await sleep(Math.min((account?.failures ?? 0) * SLOWDOWN_STEP_MS, SLOWDOWN_MAX_MS));

      const user = await repos.users.findByUsername(input.username);
      // Unknown users cost one scrypt too, so timing does not tell which usernames exist.
      const passwordMatches = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash));
      if (!user || !passwordMatches || user.disabledAt) {
        deps.observer?.failed();
        return { kind: 'wrong-credentials' };
      }
      // Guesses in flight alongside this attempt may have locked the account meanwhile: their
      // failures alone (this attempt's own taken out) reaching the threshold refuse it too.
      const during = await currentFailures(accountKey(input.username), now());
      if (during && during.failures - 1 >= lock.accountFailures) return lockedOut();
      await repos.sessions.clearFailures(accountKey(input.username));
      await repos.sessions.takeBackFailure(addressKey(address), lock.addressFailures);
      return { kind: 'signed-in', tokens: await startSession(user.id, user.username) };
    },

    /** Who a bearer token belongs to, or null when it is not a live access token. */
    async validate(accessToken: string): Promise<{ userId: number; username: string; role: StaffRole; expiresAt: Date; sessionId: string } | null> {
      const claims = await tokens.verifyAccessToken(accessToken);
      if (!claims) return null;
      const session = await repos.sessions.findBySessionId(claims.sessionId);
      if (!session || session.revokedAt || session.userId !== claims.userId) return null;
      if (Date.parse(session.expiresAt) <= now().getTime()) return null;
      const user = await repos.users.findById(claims.userId);
      if (!user || user.disabledAt) return null;
      // The role is the database's, read on every call: never a claim the token carries.
      return { userId: user.id, username: user.username, role: user.role, expiresAt: claims.expiresAt, sessionId: claims.sessionId };
    },

    /** A fresh access token for the same live sign-in (the Content area's cookie slides with each
     * page view, decision 021); null when the token is not live. Signing out still ends it. */
    async renew(accessToken: string) {
      const session = await this.validate(accessToken);
      if (!session) return null;
      const renewed = await tokens.signAccessToken({ userId: session.userId, username: session.username, sessionId: session.sessionId });
      return { ...session, accessToken: renewed, ttlSeconds: tokens.accessTtlSeconds };
    },

    /** Revokes the sign-in behind a valid access token: the access and the refresh token both die. */
    async signOut(accessToken: string): Promise<boolean> {
      const session = await this.validate(accessToken);
      if (!session) return false;
      return await repos.sessions.revoke(session.sessionId, now().toISOString());
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
