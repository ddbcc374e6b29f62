import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest in `npm test` (the summary reporter's "slowest files", the JSON reporter's per-file times
 * for the rest), longest first. Three workers share the files. A clean clone has no timings cached, so Vitest takes
 * the files in the order it found them, and the browser files come last because tests/ sorts after src/: a long file
 * started late runs on alone after the others have finished, a core idle meanwhile. Longest first, the short files
 * fill in around the long ones and the run ends on short ones. The run's per-file times are in docs/benchmarks.md.
 */
const HEAVY_FIRST = [
  'tests/e2e/face-challenge.e2e.ts',
  'tests/e2e/accessibility.e2e.ts',
  'src/server/face/scheduling/engine.test.ts',
  'src/server/face/scheduling/challenge-engine.test.ts',
  'tests/e2e/attendance-journey.e2e.ts',
  'tests/e2e/student-screens.e2e.ts',
  'src/server/rest/faces/face-video-repeat.test.ts',
  'src/server/rest/faces/live-check/face-stream.integration.test.ts',
  'tests/e2e/face-genuine.e2e.ts',
  'tests/e2e/room-code.e2e.ts',
  'src/server/face/scheduling/lookalikes.test.ts',
  'src/server/rest/faces/identities-register.integration.test.ts',
  'src/server/face/decoding/decode-video.test.ts',
  'src/server/services/faces/check/live-stream-replay.test.ts',
  'tests/e2e/teacher-tools.e2e.ts',
  'tests/e2e/teacher-control.e2e.ts',
  'tests/e2e/admin-lists.e2e.ts',
  'tests/e2e/update-user.e2e.ts',
  'tests/ops.integration.test.ts',
  'tests/e2e/admin-reports.e2e.ts',
  'tests/e2e/attendance-rule.e2e.ts',
  'tests/e2e/face-change.e2e.ts',
  'tests/scripts.integration.test.ts',
  'tests/e2e/one-phone-mark.e2e.ts',
  'src/server/services/faces/lookalike-check.integration.test.ts',
  'tests/e2e/login.e2e.ts',
  'tests/e2e/register.e2e.ts',
  'tests/e2e/student-second-pass.e2e.ts',
  'tests/e2e/admin-map.e2e.ts',
  'tests/e2e/route-guard.e2e.ts',
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
