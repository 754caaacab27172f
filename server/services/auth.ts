// Staff sign-in: password check, failure counting with slow-down and lock (lockout.ts), sessions
// and tokens.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Tokens } from '../../common/api.ts';
import type { StaffRole } from '../../common/content.ts';
import type { SignInInput } from '../../common/schemas.ts';
import { faultOf } from '../db/health.ts';
import type { Repositories } from '../db/repositories/index.ts';
import type { Session } from '../db/repositories/sessions.ts';
import { createLockout, type SignInLockPolicy } from './lockout.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { hashToken, newRefreshToken, newSessionId, type TokenService } from './tokens.ts';

export type { SignInLockPolicy } from './lockout.ts';

/** How long after its rotation a refresh token may still be presented, once, while its successor
 * is unused (decision 049): a lost answer or two tabs at once, not a theft. */
export const REUSE_GRACE_MS = 30_000;

/** `endsAt`: the sign-in's absolute end (ISO 8601), which the session cookie lives until. */
export type SignInResult =
  { kind: 'signed-in'; tokens: Tokens; endsAt: string } | { kind: 'wrong-credentials' } | { kind: 'locked' };

/** refreshed: new tokens; reused: a refresh token used a second time, so the whole sign-in was
 * revoked; invalid: unknown, expired, idle too long, revoked or a disabled user. */
export type RefreshResult =
  { kind: 'refreshed'; tokens: Tokens; endsAt: string } | { kind: 'reused' } | { kind: 'invalid' };

/** The sign-in a session cookie names, read without rotating it (decision 049). */
export type CookieSession =
  | { kind: 'live'; userId: number; username: string; role: StaffRole; sessionId: string; endsAt: string }
  | { kind: 'reused' }
  | { kind: 'invalid' };

/** Activity is written at most this often per sign-in (one UPDATE a minute, not one per page). */
const TOUCH_EVERY_MS = 60_000;

export function createAuthService(deps: {
  repos: Pick<Repositories, 'users' | 'sessions'>;
  tokens: TokenService;
  lock: SignInLockPolicy;
  /** The absolute limit of a sign-in: refreshing never takes it past this many days. */
  refreshTokenTtlDays: number;
  /** A sign-in not refreshed for this long is over (the idle limit); 0 turns it off. */
  idleTimeoutMinutes?: number;
  now?: () => Date;
  /** Told of refused attempts (the metrics count them). */
  observer?: { failed(): void; lockedOut(): void };
  /** Told when a failure counter could not be written (they are best effort, lockout.ts). */
  onCounterError?: (error: unknown) => void;
  /** Frees space kept aside for a sign-in the full disk refused; true when some was freed. */
  freeSpace?: () => Promise<boolean>;
  /** Told when an account sees a burst of failures (its owner is emailed). */
  onBurst?: (username: string, failures: number) => void;
}) {
  const { repos, tokens } = deps;
  const now = deps.now ?? (() => new Date());
  const lockout = createLockout({
    repos,
    policy: deps.lock,
    onCounterError: deps.onCounterError,
    onBurst: deps.onBurst,
  });

  function lockedOut(): SignInResult {
    deps.observer?.lockedOut();
    return { kind: 'locked' };
  }

  async function tokensFor(userId: number, username: string, sessionId: string, refreshToken: string): Promise<Tokens> {
    return {
      access_token: await tokens.signAccessToken({ userId, username, sessionId }),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: tokens.accessTtlSeconds,
    };
  }

  const idleMs = (deps.idleTimeoutMinutes ?? 8 * 60) * 60_000;
  /** Past its absolute end, or idle for longer than the idle limit. */
  function sessionOver(session: { expiresAt: string; lastUsedAt: string | null }, at: Date) {
    if (Date.parse(session.expiresAt) <= at.getTime()) return true;
    return idleMs > 0 && session.lastUsedAt !== null && at.getTime() - Date.parse(session.lastUsedAt) > idleMs;
  }

  /** The live session a refresh token opens, with the hash of its current token. A retired token
   * is a second use, which revokes the sign-in (a stolen token, decision 020), except within
   * REUSE_GRACE_MS of its rotation while its successor is still current: the answer that carried
   * the successor was lost (the visitor left the page meanwhile) or two tabs refreshed at once
   * (decision 049). The successor is then the one rotated. */
  async function currentOrGraced(
    hash: string,
    at: Date,
  ): Promise<{ kind: 'session'; session: Session; hash: string } | { kind: 'invalid' } | { kind: 'reused' }> {
    const session = await repos.sessions.findByTokenHash(hash);
    if (session) return { kind: 'session', session, hash };
    const retired = await repos.sessions.findRetiredUse(hash);
    if (!retired) return { kind: 'invalid' };
    if (retired.latest && at.getTime() - Date.parse(retired.retiredAt) <= REUSE_GRACE_MS) {
      const current = await repos.sessions.findByTokenHash(retired.currentHash);
      if (current) return { kind: 'session', session: current, hash: retired.currentHash };
    }
    await repos.sessions.revoke(retired.sessionId, at.toISOString());
    return { kind: 'reused' };
  }

  async function startSession(userId: number, username: string) {
    const at = now();
    const sessionId = newSessionId();
    const refreshToken = newRefreshToken();
    const endsAt = new Date(at.getTime() + deps.refreshTokenTtlDays * 86_400_000).toISOString();
    const session = {
      userId,
      sessionId,
      tokenHash: hashToken(refreshToken),
      createdAt: at.toISOString(),
      expiresAt: endsAt,
    };
    try {
      await repos.sessions.create(session);
    } catch (error) {
      // A full disk: staff still sign in, into the space kept aside for it (disk-reserve.ts).
      if (faultOf(error) !== 'unwritable' || !(await deps.freeSpace?.())) throw error;
      await repos.sessions.create(session);
    }
    return { tokens: await tokensFor(userId, username, sessionId, refreshToken), endsAt };
  }

  return {
    async signIn(input: SignInInput, address: string): Promise<SignInResult> {
      const attempt = await lockout.begin(input.username, address, now());
      if (attempt.locked) return lockedOut();
      await sleep(attempt.delayMs);

      const user = await repos.users.findByUsername(input.username);
      // Unknown users cost one scrypt too, so timing does not tell which usernames exist.
      const passwordMatches = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash));
      if (!user || !passwordMatches || user.disabledAt) {
        deps.observer?.failed();
        return { kind: 'wrong-credentials' };
      }
      // Guesses from this address in flight alongside this attempt may have locked it meanwhile.
      if (!(await lockout.succeeded(input.username, address, now()))) return lockedOut();
      return { kind: 'signed-in', ...(await startSession(user.id, user.username)) };
    },

    /** Who a bearer token belongs to, or null when it is not a live access token. */
    async validate(
      accessToken: string,
    ): Promise<{ userId: number; username: string; role: StaffRole; expiresAt: Date; sessionId: string } | null> {
      const claims = await tokens.verifyAccessToken(accessToken);
      if (!claims) return null;
      const session = await repos.sessions.findBySessionId(claims.sessionId);
      if (!session || session.revokedAt || session.userId !== claims.userId) return null;
      if (sessionOver(session, now())) return null;
      const user = await repos.users.findById(claims.userId);
      if (!user || user.disabledAt) return null;
      // The role is the database's, read on every call: never a claim the token carries.
      return {
        userId: user.id,
        username: user.username,
        role: user.role,
        expiresAt: claims.expiresAt,
        sessionId: claims.sessionId,
      };
    },

    /** A fresh access token for the same live sign-in (the Content area's cookie slides with each
     * page view, decision 021); null when the token is not live. Signing out still ends it. */
    async renew(accessToken: string) {
      const session = await this.validate(accessToken);
      if (!session) return null;
      const renewed = await tokens.signAccessToken({
        userId: session.userId,
        username: session.username,
        sessionId: session.sessionId,
      });
      return { ...session, accessToken: renewed, ttlSeconds: tokens.accessTtlSeconds };
    },

    /** Trades a refresh token for new tokens (rotation: the one presented never works again). A
     * token presented a second time revokes its whole sign-in (OAuth 2.0 Security BCP, refresh
     * token reuse detection): whoever holds the other copy is signed out too. */
    async refresh(refreshToken: string): Promise<RefreshResult> {
      const at = now();
      // Twice at most: a refresh that loses a race with another one of the same token (two tabs
      // at once) looks again and finds it just retired, within the grace.
      for (let attempt = 1; ; attempt++) {
        const found = await currentOrGraced(hashToken(refreshToken), at);
        if (found.kind !== 'session') return found;
        const { session, hash } = found;
        if (session.revokedAt || sessionOver(session, at)) return { kind: 'invalid' };
        const user = await repos.users.findById(session.userId);
        if (!user || user.disabledAt) return { kind: 'invalid' };
        const next = newRefreshToken();
        const rotated = await repos.sessions.rotate({
          sessionId: session.sessionId,
          fromHash: hash,
          toHash: hashToken(next),
          at: at.toISOString(),
        });
        if (rotated)
          return {
            kind: 'refreshed',
            tokens: await tokensFor(user.id, user.username, session.sessionId, next),
            endsAt: session.expiresAt,
          };
        if (attempt >= 2) {
          await repos.sessions.revoke(session.sessionId, at.toISOString());
          return { kind: 'reused' };
        }
      }
    },

    /** The live sign-in behind a session cookie's refresh token, for pages rendered on the server
     * (the Content area). Not rotated: parallel page requests carry the same cookie, and rotating
     * in each would look like reuse. A retired token is reuse all the same and revokes the sign-in;
     * the idle and absolute limits, revocation and disabled users apply as to a refresh. Each use
     * counts as activity toward the idle limit. */
    async cookieSession(refreshToken: string): Promise<CookieSession> {
      const at = now();
      const found = await currentOrGraced(hashToken(refreshToken), at);
      if (found.kind !== 'session') return found;
      const { session } = found;
      if (session.revokedAt || sessionOver(session, at)) return { kind: 'invalid' };
      const user = await repos.users.findById(session.userId);
      if (!user || user.disabledAt) return { kind: 'invalid' };
      await repos.sessions.touch(
        session.sessionId,
        at.toISOString(),
        new Date(at.getTime() - TOUCH_EVERY_MS).toISOString(),
      );
      return {
        kind: 'live',
        userId: user.id,
        username: user.username,
        role: user.role,
        sessionId: session.sessionId,
        endsAt: session.expiresAt,
      };
    },

    /** Ends a sign-in by its id (the Content area's sign-out); true when it was live. */
    endSession: (sessionId: string) => repos.sessions.revoke(sessionId, now().toISOString()),

    /** Revokes the sign-in behind a valid access token: the access and the refresh token both die. */
    async signOut(accessToken: string): Promise<boolean> {
      const session = await this.validate(accessToken);
      if (!session) return false;
      return await repos.sessions.revoke(session.sessionId, now().toISOString());
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
