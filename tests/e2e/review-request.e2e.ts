import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { postJson } from '@harness/api-client';
import { hasChromium, screenshot, toastWith } from './support/browser';
import { apiLogin } from './support/journey';
import { horizontalOverflow } from './support/overflow';
import { LAPTOP, PHONE, useBrowserSchool } from './support/school';

const PASSWORD = 'Str0ng!pass';
const CLASSROOM = { latitude: 23.0225, longitude: 72.5714 };
/** A map tile answered inside the browser: the machine running the tests may have no internet. */
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mN8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');
/** A point `m` metres due north of the classroom. */
const north = (m: number) => ({ latitude: CLASSROOM.latitude + m / 111_195, longitude: CLASSROOM.longitude });

/** Issue 39: a student the location check refuses asks their teacher, who marks them from the queue beside the session. */
describe.skipIf(!hasChromium)('a review request in Chromium', () => {
  const school = useBrowserSchool();

  it.each([PHONE, LAPTOP])('refused outside, the student asks; the teacher marks them with one tap at $width px', { timeout: 300_000 }, async (size) => {
    const { server } = school;
    // A department of its own per width: each run has its own session.
    const department = size === PHONE ? 'BCA' : 'MBA';
    const teacher = await school.createUser({ role: 'teacher', department, password: PASSWORD, username: `mrsrao${size.width}` });
    const student = await school.createUser({ role: 'student', department, password: PASSWORD, username: `asha${size.width}` });
    const teacherToken = await apiLogin(server.url, teacher.email, PASSWORD);
    const started = await postJson(`${server.url}/api/start_geofence`, { teacher_id: teacher.id, ...CLASSROOM, radius: 50, department }, teacherToken);
    expect(started.status).toBe(201);

    // The phone's location is 200 m off (a poor fix indoors): the server refuses the step as outside.
    const s = await school.newPage({ size, camera: true, as: { email: student.email, password: PASSWORD } });
    await s.context.setGeolocation({ ...north(200), accuracy: 12 });
    await s.page.goto('/student-dashboard');
    await s.page.getByRole('button', { name: MSG.student.markAttendance }).click();
    await s.page.getByTestId('mark-result').getByText(MSG.studentScreens.outsideBy('200 m')).waitFor();
    const card = s.page.getByTestId('review-request');
    const ask = card.getByRole('button', { name: MSG.review.ask });
    await ask.waitFor();
    expect(await s.page.evaluate(horizontalOverflow)).toEqual({ page: false, outside: [], scrollers: [] });
    await screenshot(s.page, `review-request-ask-${size.width}`);
    await ask.click();
    await toastWith(s.page, MSG.review.sent).waitFor();
    await card.getByText(MSG.review.state.open).waitFor();
    expect(await ask.count()).toBe(0);
    await screenshot(s.page, `review-request-waiting-${size.width}`);

    // The teacher's dashboard: the request beside the running session, with what the server kept.
    const t = await school.newPage({ size, token: teacherToken });
    await t.context.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE }));
    await t.page.goto('/teacher-dashboard');
    const queue = t.page.getByTestId('review-queue');
    const item = queue.getByTestId('review-request-item');
    await item.getByText(`asha${size.width}`, { exact: true }).waitFor();
    await item
      .getByText(/about 200 m away/)
      .first()
      .waitFor();
    await item.getByText(MSG.review.evidence.outsideChecks(1, 1)).waitFor();
    expect(await t.page.evaluate(horizontalOverflow)).toEqual({ page: false, outside: [], scrollers: [] });
    await queue.scrollIntoViewIfNeeded();
    await screenshot(t.page, `review-queue-${size.width}`);
    await item.getByRole('button', { name: MSG.review.markPresent }).click();
    await toastWith(t.page, MSG.review.marked(`asha${size.width}`)).waitFor();
    await queue.waitFor({ state: 'detached' });

    const record = await server.db
      .selectFrom('attendance_records')
      .select(['status', 'marked_by', 'reviewed'])
      .where('session_id', '=', started.body.session_id)
      .where('student_id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ status: 'present', marked_by: teacher.id, reviewed: 1 });

    // The student's page learns it by itself (it polls while the request waits).
    await card.getByText(MSG.review.state.marked).waitFor({ timeout: 20_000 });
    await screenshot(s.page, `review-request-marked-${size.width}`);
    // The teacher's list says how the mark was made.
    await t.page.getByRole('tab', { name: MSG.teacher.tabs.students }).click();
    await t.page.getByRole('main').getByText(MSG.review.reviewedByTeacher).waitFor();
    await screenshot(t.page, `review-marked-list-${size.width}`);
    expect(s.consoleErrors).toEqual([]);
    expect(t.consoleErrors).toEqual([]);
    await s.context.close();
    await t.context.close();
  });
});
