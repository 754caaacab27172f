// Who gets a booked demo (decision 046): round robin among the staff free at that time, least
// recently booked first. Optional rules on the visitor's country narrow the choice to a group
// (say AU and NZ to one team, PH to another); weights in a group share its meetings unevenly,
// by the fewest recent bookings per unit of weight. When nobody in the group is free, anyone free
// takes it. Pure: the caller passes who is free and their booking history.
import { z } from 'zod';

export const routingRulesSchema = z.array(
  z.object({
    /** ISO 3166-1 alpha-2 codes of the visitor's country. */
    countries: z.array(z.string().regex(/^[A-Z]{2}$/)).min(1),
    staff: z.array(z.object({ username: z.string().min(1), weight: z.number().positive().default(1) })).min(1),
  }),
);
export type RoutingRules = z.output<typeof routingRulesSchema>;

export type RoutingCandidate = {
  userId: number;
  username: string;
  /** When they were last given a booking (ISO instant), or null: never. */
  lastBookedAt: string | null;
  /** How many bookings they were given lately (the weighted share counts these). */
  recentBookings: number;
};

export type RoutingChoice = { userId: number; username: string; reason: string };

const byUsername = (a: RoutingCandidate, b: RoutingCandidate) => a.username.localeCompare(b.username);

/** Never booked first, then the longest ago; ties by username, so the choice is reproducible. */
function leastRecentlyBooked(a: RoutingCandidate, b: RoutingCandidate): number {
  if (a.lastBookedAt !== b.lastBookedAt) {
    if (a.lastBookedAt === null) return -1;
    if (b.lastBookedAt === null) return 1;
    return a.lastBookedAt < b.lastBookedAt ? -1 : 1;
  }
  return byUsername(a, b);
}

/** The owner of a booking among `free` (at least one), and why, in words for the inbox. */
export function chooseOwner(
  free: readonly RoutingCandidate[],
  rules: RoutingRules,
  country?: string | null,
): RoutingChoice {
  if (free.length === 0) throw new Error('chooseOwner needs at least one free staff member');
  const rule = country ? rules.find((candidate) => candidate.countries.includes(country.toUpperCase())) : undefined;
  if (rule) {
    const weights = new Map(rule.staff.map((member) => [member.username.toLowerCase(), member.weight]));
    const group = free.filter((member) => weights.has(member.username.toLowerCase()));
    const label = `Rule for ${rule.countries.join(', ')}`;
    if (group.length > 0) {
      const weightOf = (member: RoutingCandidate) => weights.get(member.username.toLowerCase()) ?? 1;
      const weighted = new Set(group.map(weightOf)).size > 1;
      if (!weighted)
        return pick(
          group.toSorted(leastRecentlyBooked)[0]!,
          `${label}: round robin, least recently booked of ${group.length} free`,
        );
      const share = (member: RoutingCandidate) => member.recentBookings / weightOf(member);
      const chosen = group.toSorted((a, b) => share(a) - share(b) || leastRecentlyBooked(a, b))[0]!;
      return pick(chosen, `${label}: weighted round robin (weight ${weightOf(chosen)}) among ${group.length} free`);
    }
    const chosen = free.toSorted(leastRecentlyBooked)[0]!;
    return pick(
      chosen,
      `${label}: nobody in its group free, so round robin, least recently booked of ${free.length} free`,
    );
  }
  return pick(free.toSorted(leastRecentlyBooked)[0]!, `Round robin: least recently booked of ${free.length} free`);
}

const pick = (member: RoutingCandidate, reason: string): RoutingChoice => ({
  userId: member.userId,
  username: member.username,
  reason,
});
