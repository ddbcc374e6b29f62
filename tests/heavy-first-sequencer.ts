import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that took longest in the last `.ci/run`s (the summary reporter's "slowest files"), about dearest first. Two
 * workers share the files. A clean clone has no timings cached, so Vitest takes the files in the order it found them,
 * and the browser files come last because tests/ sorts after src/. Then one worker could still be running a 270-s
 * file after the other has finished everything else. Starting these first lets the short files fill in around them.
 */
const HEAVY_FIRST = [
  // the live checks in real time beside the axe readings rather than beside a face engine file's checks
  'tests/e2e/face-challenge.e2e.ts',
  'tests/e2e/accessibility.e2e.ts',
  'src/server/face/scheduling/engine.test.ts',
  'src/server/face/scheduling/challenge-engine.test.ts',
  'tests/e2e/admin-lists.e2e.ts',
  'tests/e2e/attendance-journey.e2e.ts',
  'tests/e2e/room-code.e2e.ts',
  'tests/e2e/teacher-control.e2e.ts',
  'tests/e2e/teacher-tools.e2e.ts',
  'src/server/rest/faces/face-video-repeat.test.ts',
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
