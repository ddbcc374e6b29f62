import type { DB } from '@server/db/connect';
import { createFactsStore, type Facts } from './attendance-facts';
import { catchUp, countTally, resession, type StandingTally, type TallySession, type TallyStudent } from './standing-tallies';

/** A filter's counters over the facts (attendance-pairs.ts computes them); kept while the facts keep their version. */
export interface CachedAggregate {
  /** Pair indexes with records in the filter, most recently marked first (sorted on first use: the charts need no order). */
  order: () => Int32Array;
  counts: Int32Array;
  last: Uint32Array;
  totals: Int32Array;
  /** Distinct sessions the filtered records belong to (the Total Attendance card's caption). */
  sessions: number;
}

/** Recent filters' aggregates kept: paging through one filter, or switching between a few, costs no new pass. */
const AGGREGATES_KEPT = 8;

/**
 * The admin reports' in-memory state for one database handle, owned by the app's deps (deps.reports): the attendance
 * facts and the aggregates of recent filters. One owner, so a test's app or another node never shares or inherits it.
 */
export interface ReportCache {
  /** The attendance facts, current to this call. */
  facts(): Promise<Facts>;
  /** After records were deleted (the cascade delete): the next report reloads the facts. */
  invalidate(): void;
  /** The aggregate of a filter if computed from facts of this version, else undefined. */
  aggregate(key: string, version: number): CachedAggregate | undefined;
  remember(key: string, version: number, value: CachedAggregate): void;
  /**
   * The attendance rule's per-student tally of a scope over the facts current to this call: kept from the last call
   * and caught up by the records changed since and the sessions started or ended; counted again for other students.
   */
  tally(
    scope: string,
    keys: { students: string; sessions: string },
    students: () => Promise<TallyStudent[]>,
    sessions: () => TallySession[],
  ): Promise<StandingTally>;
}

export function createReportCache(db: DB): ReportCache {
  const store = createFactsStore(db);
  const aggregates = new Map<string, { version: number; value: CachedAggregate }>();
  const tallies = new Map<string, StandingTally>();
  return {
    facts: () => store.current(),
    invalidate() {
      store.invalidate();
      aggregates.clear();
      tallies.clear();
    },
    aggregate(key, version) {
      const hit = aggregates.get(key);
      return hit?.version === version ? hit.value : undefined;
    },
    remember(key, version, value) {
      // Most recent last: the first key is the one used longest ago.
      aggregates.delete(key);
      aggregates.set(key, { version, value });
      if (aggregates.size > AGGREGATES_KEPT) aggregates.delete(aggregates.keys().next().value!);
    },
    async tally(scope, keys, students, sessions) {
      // The students are read only when they differ from the kept tally's (the key is the cheap comparison).
      const same = (t?: StandingTally) => (t?.studentsKey === keys.students ? t.students : undefined);
      const list = same(tallies.get(scope)) ?? (await students());
      const facts = await store.current();
      // Synchronous from here: no refresh changes the facts between the check and the count.
      let t = tallies.get(scope);
      if (t && same(t) && catchUp(t, facts)) {
        if (t.sessionsKey !== keys.sessions) resession(t, sessions(), keys.sessions);
      } else t = countTally(facts, keys, same(t) ?? list, sessions());
      tallies.delete(scope);
      tallies.set(scope, t);
      if (tallies.size > AGGREGATES_KEPT) tallies.delete(tallies.keys().next().value!);
      return t;
    },
  };
}
