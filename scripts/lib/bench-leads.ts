// Demo requests for `npm run bench:events dashboard`: a year of leads with the sources, campaigns
// and landing pages the seeded visits have (migration 014's columns and the attribution's JSON
// text), their inbox statuses, and a booked time for some (issue 29's bookings), so the
// dashboard's "what converts" queries are timed over a realistic table.
import type { Database } from '../../server/db/driver.ts';

const DAY_MS = 86_400_000;
const STATUSES = ['new', 'new', 'in_progress', 'done', 'done'] as const;

export async function seedLeads(
  db: Database,
  options: { leads: number; today: number; sources: string[]; pages: string[]; random: () => number },
): Promise<void> {
  const { leads, today, sources, pages, random } = options;
  const at = new Date(today).toISOString();
  const { id: owner } = await db.kysely
    .insertInto('users')
    .values({ username: 'bench.owner', password_hash: 'x', created_at: at, email: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  let slot = Date.parse('2031-01-01T00:00:00Z');
  for (let start = 0; start < leads; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, leads - start) }, (_, k) => {
      const n = start + k;
      const source = sources[Math.floor(random() ** 2 * sources.length)]!;
      const campaign = random() < 0.3 ? `campaign-${Math.floor(random() * 20)}` : null;
      const landing = pages[Math.floor(random() ** 2 * Math.min(40, pages.length))]!;
      return {
        name: `Lead ${n}`,
        job_title: 'Fleet manager',
        company: `Company ${n % 500}`,
        country: '61',
        number: `04${String(10_000_000 + n).slice(-8)}`,
        email: `lead${n}@example${n % 50}.com`,
        text: 'Dispatch for our trucks.',
        is_spam: n % 40 === 0 ? 1 : 0,
        status: STATUSES[n % STATUSES.length]!,
        created_at: new Date(today - Math.floor(random() * 365 * DAY_MS)).toISOString(),
        owner: null,
        attribution: JSON.stringify({ landing_page: landing, utm_source: source, utm_campaign: campaign ?? undefined }),
        source,
        campaign,
        landing_page: landing,
      };
    });
    const ids = await db.kysely.insertInto('demo_requests').values(rows).returning('id').execute();
    // One lead in three books a time: back to back in the future, so none overlap.
    const bookings = ids
      .filter((_, k) => (start + k) % 3 === 0)
      .map(({ id }) => {
        slot += 30 * 60_000;
        return {
          uid: `bench-${id}@haulora.test`,
          owner_id: owner,
          start_at: new Date(slot).toISOString(),
          end_at: new Date(slot + 30 * 60_000).toISOString(),
          status: id % 10 === 0 ? ('cancelled' as const) : ('booked' as const),
          routing_reason: 'bench',
          time_zone: 'UTC',
          demo_request_id: id,
          created_at: at,
          updated_at: at,
        };
      });
    if (bookings.length) await db.kysely.insertInto('bookings').values(bookings).execute();
  }
}
