// Failed sign-in counting that cannot be turned on someone (issue 33, decision 030). Failures are
// counted per (account, address) and per address, and only those lock: five wrong passwords for
// 'maria' from one address lock 'maria' from that address, never from Maria's own. The account
// as a whole is counted too, but that count never locks the account: once it passes
// UNDER_ATTACK_FACTOR times the pair threshold (guesses spread over many addresses), every
// address is locked for that account after its first failure, and the staff member is told by
// email when the burst reaches `alertAfter`. An address that has not failed still gets in.
//
// Every attempt is counted as a failure before the slow part (slow-down, scrypt) and taken back
// when the password is right: counted afterwards, a burst of concurrent guesses would all pass
// the lock check before the first of them was recorded. The counts come back from the statement
// that adds the attempt, so of concurrent attempts (on any instance) only those within the
// threshold go on to check a password.
//
// The counters are best effort: a database that refuses writes (a full disk) must not keep staff
// out of the inbox, so a failed write is logged and the attempt goes on uncounted; the sign-in
// rate limit per address still bounds the guesses meanwhile.
import type { FailureCounter, SessionsRepository } from '../db/repositories/sessions.ts';

export type SignInLockPolicy = {
  /** Failures for one account from one address before that pair is locked. */
  accountFailures: number;
  /** Failures from one address (any accounts) before the address is locked. */
  addressFailures: number;
  /** How long a lock lasts, and how long a counter remembers. */
  minutes: number;
  /** Failures on one account (from any addresses) that email its owner; 0 turns it off. */
  alertAfter?: number;
};

/** Each earlier failure adds this much delay to the next attempt, up to the cap. */
const SLOWDOWN_STEP_MS = 200;
const SLOWDOWN_MAX_MS = 1000;
/** An account with this many times the pair threshold in failures (from anywhere) is under a
 * spread-out attack: each address then gets one guess at it per lock period. */
const UNDER_ATTACK_FACTOR = 4;
/** The account counter never locks. */
const NEVER = Number.MAX_SAFE_INTEGER;

export type LockoutDeps = {
  repos: { sessions: Pick<SessionsRepository, 'findFailures' | 'recordFailure' | 'takeBackFailure' | 'clearFailures'> };
  policy: SignInLockPolicy;
  /** A write to the counters failed (best effort: the attempt goes on). */
  onCounterError?: (error: unknown) => void;
  /** An account reached `alertAfter` failures within the lock period (called once per burst). */
  onBurst?: (username: string, failures: number) => void;
};

export function createLockout(deps: LockoutDeps) {
  const { repos, policy } = deps;
  const lockMs = policy.minutes * 60_000;
  const account = (username: string) => username.toLowerCase();
  const keys = (username: string, address: string) => ({
    pair: `pair:${account(username)}|${address}`,
    address: `addr:${address}`,
    account: `user:${account(username)}`,
  });

  const isLocked = (counter: FailureCounter | null, at: Date) =>
    counter?.lockedUntil != null && Date.parse(counter.lockedUntil) > at.getTime();

  /** The counter for a key, forgotten once a lock period has passed since its last failure. */
  async function current(key: string, at: Date): Promise<FailureCounter | null> {
    const counter = await repos.sessions.findFailures(key);
    if (!counter) return null;
    if (at.getTime() - Date.parse(counter.lastFailedAt) > lockMs && !isLocked(counter, at)) return null;
    return counter;
  }

  async function bestEffort<T>(write: () => Promise<T>): Promise<T | null> {
    try {
      return await write();
    } catch (error) {
      deps.onCounterError?.(error);
      return null;
    }
  }

  function record(key: string, threshold: number, at: Date) {
    return bestEffort(() =>
      repos.sessions.recordFailure(key, at.toISOString(), {
        staleBefore: new Date(at.getTime() - lockMs).toISOString(),
        threshold,
        lockUntil: new Date(at.getTime() + lockMs).toISOString(),
      }),
    );
  }

  return {
    /** Before the password is checked: 'locked', or how long to wait first. The attempt is
     * already counted as a failure when this answers. */
    async begin(
      username: string,
      address: string,
      at: Date,
    ): Promise<{ locked: true } | { locked: false; delayMs: number }> {
      const key = keys(username, address);
      const [pair, origin, whole] = await Promise.all([
        current(key.pair, at),
        current(key.address, at),
        current(key.account, at),
      ]);
      if (isLocked(pair, at) || isLocked(origin, at)) return { locked: true };
      const underAttack = (whole?.failures ?? 0) >= policy.accountFailures * UNDER_ATTACK_FACTOR;
      const pairThreshold = underAttack ? 1 : policy.accountFailures;
      const pairCount = await record(key.pair, pairThreshold, at);
      const addressCount = await record(key.address, policy.addressFailures, at);
      const accountCount = await record(key.account, NEVER, at);
      if ((pairCount?.failures ?? 0) > pairThreshold || (addressCount?.failures ?? 0) > policy.addressFailures)
        return { locked: true };
      if (policy.alertAfter && accountCount?.failures === policy.alertAfter)
        deps.onBurst?.(username, accountCount.failures);
      // The slow-down follows this address's own failures on the account: never the victim's.
      return { locked: false, delayMs: Math.min((pair?.failures ?? 0) * SLOWDOWN_STEP_MS, SLOWDOWN_MAX_MS) };
    },

    /** The password was right. False when guesses in flight alongside it locked the pair
     * meanwhile (their failures alone, this attempt's own taken out, reach the threshold). */
    async succeeded(username: string, address: string, at: Date): Promise<boolean> {
      const key = keys(username, address);
      const during = await bestEffort(() => current(key.pair, at));
      if (during && during.failures - 1 >= policy.accountFailures) return false;
      await bestEffort(() => repos.sessions.clearFailures(key.pair));
      await bestEffort(() => repos.sessions.takeBackFailure(key.address, policy.addressFailures));
      await bestEffort(() => repos.sessions.takeBackFailure(key.account, NEVER));
      return true;
    },
  };
}
export type Lockout = ReturnType<typeof createLockout>;
