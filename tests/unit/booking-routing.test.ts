// Who gets a booked demo (server/services/booking/routing.ts): round robin among the free, least
// recently booked first; country rules narrow to a group, with weights; nobody free in the group
// falls back to anyone free.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseOwner, type RoutingCandidate, routingRulesSchema } from '../../server/services/booking/routing.ts';

const rep = (
  userId: number,
  username: string,
  lastBookedAt: string | null = null,
  recentBookings = 0,
): RoutingCandidate => ({ userId, username, lastBookedAt, recentBookings });

describe('round robin', () => {
  test('never booked first, then the longest ago; ties by name', () => {
    const free = [
      rep(1, 'cara', '2026-03-02T01:00:00.000Z'),
      rep(2, 'ben', '2026-03-01T01:00:00.000Z'),
      rep(3, 'abe', '2026-03-03T01:00:00.000Z'),
    ];
    assert.equal(chooseOwner(free, []).username, 'ben');
    assert.equal(chooseOwner([...free, rep(4, 'dan')], []).username, 'dan');
    assert.equal(chooseOwner([rep(5, 'zoe'), rep(6, 'amy')], []).username, 'amy');
    assert.match(chooseOwner(free, []).reason, /least recently booked of 3 free/);
  });

  test('booking in turn goes round everyone', () => {
    const history = new Map([
      ['amy', null],
      ['ben', null],
      ['cara', null],
    ] as [string, string | null][]);
    const order: string[] = [];
    for (let n = 0; n < 6; n++) {
      const free = [...history].map(([username, last], index) => rep(index + 1, username, last));
      const { username } = chooseOwner(free, []);
      order.push(username);
      history.set(username, `2026-03-0${n + 1}T00:00:00.000Z`);
    }
    assert.deepEqual(order, ['amy', 'ben', 'cara', 'amy', 'ben', 'cara']);
  });
});

describe('country rules', () => {
  const rules = routingRulesSchema.parse([
    { countries: ['AU', 'NZ'], staff: [{ username: 'amy' }, { username: 'ben' }] },
    {
      countries: ['PH'],
      staff: [
        { username: 'cara', weight: 3 },
        { username: 'dan', weight: 1 },
      ],
    },
  ]);
  const free = [
    rep(1, 'amy', '2026-03-05T00:00:00.000Z'),
    rep(2, 'ben', '2026-03-04T00:00:00.000Z'),
    rep(3, 'cara', '2026-03-01T00:00:00.000Z', 5),
    rep(4, 'dan', '2026-03-02T00:00:00.000Z', 2),
  ];

  test('a rule narrows to its group, round robin within it', () => {
    const choice = chooseOwner(free, rules, 'nz');
    assert.equal(choice.username, 'ben');
    assert.match(choice.reason, /^Rule for AU, NZ: round robin/);
    assert.equal(chooseOwner(free, rules, 'US').username, 'cara', 'no rule: everyone');
    assert.equal(chooseOwner(free, rules, null).username, 'cara');
  });

  test('weights share the group unevenly: fewest recent bookings per unit of weight', () => {
    // cara 5/3 ≈ 1.67 < dan 2/1.
    assert.equal(chooseOwner(free, rules, 'PH').username, 'cara');
    const busier = free.map((member) => (member.username === 'cara' ? { ...member, recentBookings: 7 } : member));
    assert.equal(chooseOwner(busier, rules, 'PH').username, 'dan');
    assert.match(chooseOwner(free, rules, 'PH').reason, /weighted round robin \(weight 3\) among 2 free/);
  });

  test('nobody of the group free: anyone free takes it, and the reason says so', () => {
    const choice = chooseOwner(
      free.filter((member) => member.username !== 'amy' && member.username !== 'ben'),
      rules,
      'AU',
    );
    assert.equal(choice.username, 'cara');
    assert.match(choice.reason, /nobody in its group free/);
  });

  test('rules are checked as configuration', () => {
    assert.equal(
      routingRulesSchema.safeParse([{ countries: ['Australia'], staff: [{ username: 'amy' }] }]).success,
      false,
    );
    assert.equal(
      routingRulesSchema.safeParse([{ countries: ['AU'], staff: [{ username: 'amy', weight: 0 }] }]).success,
      false,
    );
    assert.throws(() => chooseOwner([], []));
  });
});
