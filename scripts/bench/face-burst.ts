import type { AppDeps } from '../../src/server/deps';
import { serializeDescriptor } from '../../src/server/face/index';
import { hasFixtures, NO_FIXTURES_MESSAGE, readFixture } from '../../tests/helpers/fixtures';

/**
 * A class-start burst: 60 students submit the 3-second clip within 10 s. Every request must end in a verdict or a
 * retryable 503 (none lost); prints the outcome counts, latencies and the time to drain.
 */
export async function burstFaceVerifications(deps: AppDeps, url: string, tokens: string[], userIds: number[]) {
  if (!hasFixtures) {
    console.log(`face burst: skipped: ${NO_FIXTURES_MESSAGE}`);
    return;
  }
  const enrollImages = ['f005', 'f045', 'f070'].map((f) => readFixture('clips', `enroll_aoc_${f}.jpg`));
  const template = await deps.face.enroll(enrollImages);
  const now = new Date().toISOString();
  for (const user_id of userIds) {
    await deps.db
      .insertInto('face_templates')
      .values({ user_id, mean_embedding: serializeDescriptor(template.mean), model: template.model, updated_at: now })
      .execute();
    await deps.db
      .insertInto('face_enrollments')
      .values(template.descriptors.map((d, i) => ({ user_id, image_path: `bench/${i}.jpg`, captured_at: now, embedding: serializeDescriptor(d) })))
      .execute();
  }
  const video = new Blob([new Uint8Array(readFixture('clips', 'aoc_3blinks_3s.webm'))], { type: 'video/webm' });
  const spacing = 10_000 / tokens.length;
  const outcomes: Record<string, number> = {};
  const latencies: number[] = [];
  let busyAnswers = 0;
  const t0 = Date.now();
  // Each student behaves as the /face-detection page does: on 503 it resubmits after the server's Retry-After.
  await Promise.all(
    tokens.map(async (token, i) => {
      await new Promise((r) => setTimeout(r, i * spacing));
      const sent = Date.now();
      let key = 'lost';
      for (let attempt = 0; attempt < 20; attempt++) {
        const form = new FormData();
        form.append('video', video, 'attempt.webm');
        try {
          const res = await fetch(`${url}/api/compare-face-video`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
          const body = (await res.json()) as { success?: boolean; retry_after?: number };
          if (res.status === 503) {
            busyAnswers += 1;
            await new Promise((r) => setTimeout(r, (body.retry_after ?? 3) * 1000));
            continue;
          }
          key = res.status === 200 ? (body.success ? 'accepted' : 'rejected') : `http ${res.status}`;
        } catch {
          key = 'lost';
        }
        break;
      }
      outcomes[key] = (outcomes[key] ?? 0) + 1;
      latencies.push(Date.now() - sent);
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  console.log(
    `face burst: ${tokens.length} students submitted within 10 s -> final verdicts ${JSON.stringify(outcomes)}; ${busyAnswers} busy (503) answers along the way, each retried after Retry-After`,
  );
  console.log(
    `  drained ${((Date.now() - t0) / 1000).toFixed(1)} s after the first submit; time to verdict per student p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${latencies.at(-1)} ms`,
  );
}
