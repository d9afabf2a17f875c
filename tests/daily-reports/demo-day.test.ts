import { afterEach, describe, expect, it } from 'vitest';
import { seed } from '../../src/server/demo/seed';
import { demoActivities, secondFamilyActivities } from '../../src/server/demo/seed-data/family';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const timeline = [...demoActivities, ...secondFamilyActivities].map((activity) => activity.description);

async function seededActivities(now: Date, timeZone: string) {
  database = await createTestDatabase();
  await seed(database.db, now, timeZone);
  const rows = await database.db.selectFrom('activities').select(['description', 'occurred_at']).execute();
  return new Map(rows.map((row) => [row.description, new Date(row.occurred_at).getTime()]));
}

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe("the demo nursery day", () => {
  it('keeps each activity its minutes before now once the day is long enough', async () => {
    const now = new Date('2026-03-10T15:00:00Z');
    const times = await seededActivities(now, 'UTC');
    for (const activity of [...demoActivities, ...secondFamilyActivities]) {
      expect(times.get(activity.description)).toBe(now.getTime() - activity.minutesAgo * 60_000);
    }
  });

  it("falls on today's date in the nursery's time zone when the app starts soon after midnight, in the same order", async () => {
    // 00:40 in London (British Summer Time): 23:40 UTC the day before.
    const now = new Date('2026-07-14T23:40:00Z');
    const times = await seededActivities(now, 'Europe/London');
    const londonMidnight = new Date('2026-07-14T23:00:00Z').getTime();
    for (const description of timeline) {
      expect(times.get(description)).toBeGreaterThanOrEqual(londonMidnight);
      expect(times.get(description)).toBeLessThanOrEqual(now.getTime());
    }
    const byMinutesAgo = [...demoActivities, ...secondFamilyActivities].sort((a, b) => b.minutesAgo - a.minutesAgo);
    const inTimeOrder = [...byMinutesAgo].sort((a, b) => times.get(a.description)! - times.get(b.description)!);
    expect(inTimeOrder.map((a) => a.minutesAgo)).toEqual(byMinutesAgo.map((a) => a.minutesAgo));
  });
});
