import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { MSG } from '@shared/messages';
import { CENTRE, classroom, ownSignals } from '../helpers/classroom';
import { pointNorthOf } from '../helpers/geo';
import { insertFaceTry } from '../helpers/proofs';
import { seriousViolations } from './support/axe';
import { hasChromium } from './support/browser';
import { apiLogin } from './support/journey';
import { LAPTOP, PHONE, useBrowserSchool } from './support/school';

const PASSWORD = 'Str0ng!pass';
// beside the other browser tests' screenshots (tests/e2e/screenshots, not committed)
const SHOTS = path.resolve(import.meta.dirname, 'screenshots');

/**
 * Issue 36: a student who passed the geofence step (after one try from outside) and was then refused by the face
 * check: the teacher's student dialog shows the last attempt at each step, not 'Not available'.
 */
describe.skipIf(!hasChromium)("the teacher's student dialog shows the last attempt at each step of the mark", () => {
  const school = useBrowserSchool();

  it('geofence inside, code accepted, face check refused with its reason and tries used, the final mark refused with why; at 1440 and 390 px, axe clean', {
    timeout: 300_000,
  }, async () => {
    const { server } = school;
    const t = await school.createUser({ role: 'teacher', department: 'MBA', password: PASSWORD, username: 'stepsteacher' });
    const teacher = { id: t.id, token: await apiLogin(server.url, t.email, PASSWORD) };
    const c = await classroom(server, server.deps.clock, { department: 'MBA', students: 1, roomCode: true, teacher });
    const [student] = c.students;
    const name = (await server.db.selectFrom('users').select('username').where('id', '=', student.id).executeTakeFirstOrThrow()).username;

    const far = { ...ownSignals(0), ...pointNorthOf(CENTRE.latitude, CENTRE.longitude, 300) };
    expect((await c.step(student, far)).body).toMatchObject({ geofencing_status: 'invalid' });
    expect((await c.step(student, ownSignals(0))).body).toMatchObject({ geofencing_status: 'valid' });
    await insertFaceTry(server.db, server.deps.clock, student, c.sessionId, 'identity_mismatch', 0);
    // Then a script sends the final mark anyway, without a passed face check: refused, and the teacher sees why.
    const unproven = await c.sendFinalMark(student, ownSignals(0));
    expect(unproven.body).toMatchObject({ status: 'refused', face_recognition_status: 'not_verified' });
    const steps = (await c.rows()).get(student.id) as unknown as { steps: { geofence: { at: string }; face: { at: string }; mark: { at: string } } };
    const stepAt = formatDateTime(steps.steps.geofence.at);
    const faceAt = formatDateTime(steps.steps.face.at);
    const markAt = formatDateTime(steps.steps.mark.at);
    const expected = [
      `${MSG.teacher.detail.steps.geofence}${MSG.teacher.detail.steps.inside(stepAt)}`,
      `${MSG.teacher.detail.steps.roomCode}${MSG.teacher.detail.steps.codeAccepted(stepAt)}`,
      `${MSG.teacher.detail.steps.face}${MSG.teacher.detail.steps.faceRefused(MSG.teacher.detail.steps.reasons.identity_mismatch, faceAt)}; ${MSG.teacher.detail.steps.triesUsed(1, 3)}`,
      `${MSG.teacher.detail.steps.mark}${MSG.teacher.detail.steps.markRefused(MSG.teacher.detail.steps.markReasons.no_face_proof, markAt)}`,
    ];

    fs.mkdirSync(SHOTS, { recursive: true });
    for (const size of [LAPTOP, PHONE]) {
      const { page, context } = await school.newPage({ size, as: { email: t.email, password: PASSWORD } });
      await page.goto(`${server.url}/teacher-dashboard`);
      await page.getByRole('tab', { name: MSG.teacher.tabs.students }).click();
      await page.getByRole('row').filter({ hasText: name }).click();
      const section = page.getByRole('dialog').getByTestId('detail-steps');
      await section.getByRole('heading', { name: MSG.teacher.detail.steps.title }).waitFor();
      const lines = await section.locator('dl > div').evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
      expect(lines).toEqual(expected);
      // The old 'Geofencing status: Not available' row is gone.
      expect(await page.getByRole('dialog').getByText(MSG.teacher.detail.geofencing, { exact: true }).count()).toBe(0);
      expect(await seriousViolations(page, `student dialog steps ${size.width}px`)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/dialog-steps-${size.width}.png`, fullPage: false });
      await context.close();
    }
  });
});
