import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that took longest in `npm test` (the summary reporter's "slowest files"; the JSON reporter's per-file times
 * for the rest), dearest first, with the seconds each took in one run on 2026-12-07 (242204e, nothing else running;
 * repeats cut since shortened some: face-challenge.e2e to about 120 s).
 * Three workers share the files. A clean clone has no timings cached, so Vitest takes the files in the order it found
 * them, and the browser files come last because tests/ sorts after src/. Then one worker could still be running a
 * 60-s file after the others have finished everything else, a core idle meanwhile (a browser test's face check, 56 s
 * alone at the end of a run). Longest first, the short files fill in around them and the run ends on short ones.
 */
const HEAVY_FIRST = [
  'tests/e2e/face-challenge.e2e.ts', // 189 s
  'tests/e2e/accessibility.e2e.ts', // 188 s
  'src/server/face/scheduling/engine.test.ts', // 167 s
  'src/server/face/scheduling/challenge-engine.test.ts', // 112 s
  'tests/e2e/attendance-journey.e2e.ts', // 67 s
  'tests/e2e/student-screens.e2e.ts', // 62 s
  'src/server/rest/faces/face-video-repeat.test.ts', // 59 s
  'src/server/rest/faces/live-check/face-stream.integration.test.ts', // 57 s
  'tests/e2e/face-genuine.e2e.ts', // 56 s
  'tests/e2e/room-code.e2e.ts', // 53 s
  'src/server/face/scheduling/lookalikes.test.ts', // 52 s
  'src/server/rest/faces/identities-register.integration.test.ts', // 52 s
  'src/server/face/decoding/decode-video.test.ts', // 50 s
  'src/server/services/faces/check/live-stream-replay.test.ts', // 49 s
  'tests/e2e/teacher-tools.e2e.ts', // 48 s
  'tests/e2e/teacher-control.e2e.ts', // 46 s
  'tests/e2e/admin-lists.e2e.ts', // 42 s
  'tests/e2e/update-user.e2e.ts', // 38 s
  'tests/ops.integration.test.ts', // 33 s
  'tests/e2e/admin-reports.e2e.ts', // 33 s
  'tests/e2e/attendance-rule.e2e.ts', // 32 s
  'tests/e2e/face-change.e2e.ts', // 29 s
  'tests/scripts.integration.test.ts', // 25 s
  'tests/e2e/one-phone-mark.e2e.ts', // 25 s
  'src/server/services/faces/lookalike-check.integration.test.ts', // 25 s
  'tests/e2e/login.e2e.ts', // 23 s
  'tests/e2e/register.e2e.ts', // 23 s
  'tests/e2e/student-second-pass.e2e.ts', // 22 s
  'tests/e2e/admin-map.e2e.ts', // 22 s
  'tests/e2e/route-guard.e2e.ts', // 22 s
];

const rank = (spec: TestSpecification) => {
  const i = HEAVY_FIRST.findIndex((f) => spec.moduleId.endsWith(f));
  return i === -1 ? HEAVY_FIRST.length : i;
};

/** Vitest's order (projects, cached timings where there are some), with the known heavy files of each project first. */
export default class HeavyFirstSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Vitest's order groups the files by project, in the order the projects run
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of await super.sort(files)) byProject.set(spec.project.name, [...(byProject.get(spec.project.name) ?? []), spec]);
    // Array.prototype.sort is stable: within a project and a rank, Vitest's own order stands
    return [...byProject.values()].flatMap((specs) => specs.sort((a, b) => rank(a) - rank(b)));
  }
}
