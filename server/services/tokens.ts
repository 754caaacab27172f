// Access tokens: short-lived HS256 JWTs (jose) naming the user and the sign-in session.
// Refresh tokens: 32 random bytes, handed out once and stored only as a SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'haulora-website';
const AUDIENCE = 'haulora-staff';
const ACCESS_TYPE = 'access';
/** How far ahead of our clock a token's issue time may be (we issue every token ourselves). */
const CLOCK_TOLERANCE_SECONDS = 5;

export type AccessClaims = { userId: number; username: string; sessionId: string; expiresAt: Date };

export function createTokenService(secret: string, accessTtlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    accessTtlSeconds,
    async signAccessToken(claims: { userId: number; username: string; sessionId: string }): Promise<string> {
      return new SignJWT({ username: claims.username, sid: claims.sessionId, typ: ACCESS_TYPE })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setNotBefore('0s')
        .setExpirationTime(`${accessTtlSeconds}s`)
        .sign(key);
    },
    /** The claims of a valid access token, or null for anything else. Never throws. */
    async verifyAccessToken(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat', 'sid'],
        });
        // jose checks nbf and exp but not iat: a token "issued" in the future is forged.
        if (payload.iat! > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS) return null;
        const userId = Number(payload.sub);
        if (payload.typ !== ACCESS_TYPE || !Number.isSafeInteger(userId)) return null;
        if (typeof payload.username !== 'string' || typeof payload.sid !== 'string') return null;
        return { userId, username: payload.username, sessionId: payload.sid, expiresAt: new Date(payload.exp! * 1000) };
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
