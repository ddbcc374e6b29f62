import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { MSG } from '@shared/messages';

interface NewUser {
  username: string;
  email: string;
  password: string;
  department: string;
}

/** Logs in through /login and waits for the role's dashboard (the app redirects 1.5 s after success). */
export async function login(page: Page, email: string, password: string, home: string) {
  await page.goto('/login');
  await page.getByLabel(MSG.login.emailLabel).fill(email);
  await page.getByLabel(MSG.login.passwordLabel, { exact: true }).fill(password);
  await page.getByRole('button', { name: MSG.login.submit }).click();
  await page.waitForURL(`**${home}`, { timeout: 15_000 });
}

/** Registers a student through /register, capturing the 3 face images with the browser's (fake) camera. */
export async function registerViaForm(page: Page, user: NewUser) {
  await page.goto('/register');
  await page.getByLabel(MSG.register.labels.username).fill(user.username);
  await page.getByLabel(MSG.register.labels.email).fill(user.email);
  await page.getByLabel(MSG.register.labels.phone).fill('9876543210');
  await page.getByLabel(MSG.register.labels.password, { exact: true }).fill(user.password);
  await page.getByLabel(MSG.register.labels.role).selectOption('student');
  await page.getByLabel(MSG.register.labels.department).selectOption(user.department);
  await page.getByRole('button', { name: MSG.register.openCamera }).click();
  const dialog = page.getByRole('dialog');
  const capture = dialog.getByRole('button', { name: /^Capture/ });
  for (let i = 0; i < 50 && !(await capture.isEnabled()); i += 1) await page.waitForTimeout(200);
  for (let n = 1; n <= 3; n += 1) {
    await page.waitForTimeout(400); // different frames of the clip
    await capture.click();
    await dialog.getByText(n < 3 ? MSG.capture.progress(n) : MSG.capture.enough).waitFor();
  }
  await dialog.getByRole('button', { name: MSG.register.done }).click();
  await page.getByRole('button', { name: MSG.register.submit, exact: true }).click();
  await page.waitForURL('**/thank-you', { timeout: 120_000 });
}

/** POST /api/register as multipart with the given image files (as a script or another client would). */
export async function registerViaApi(baseUrl: string, user: NewUser, imagePaths: string[]) {
  const form = new FormData();
  form.append('username', user.username);
  form.append('email', user.email);
  form.append('phone_number', '9876543211');
  form.append('role', 'student');
  form.append('department_name', user.department);
  form.append('password', user.password);
  for (const file of imagePaths) form.append('images', new Blob([fs.readFileSync(file)], { type: 'image/jpeg' }), path.basename(file));
  const res = await fetch(`${baseUrl}/api/register`, { method: 'POST', body: form });
  return (await res.json()) as { success?: boolean; message?: string };
}

export async function apiLogin(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token?: string; message?: string };
  if (!body.token) throw new Error(`login failed: ${body.message}`);
  return body.token;
}

export async function approveViaApi(baseUrl: string, token: string, userIds: number[]) {
  const res = await fetch(`${baseUrl}/api/approve_students`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ user_ids: userIds }),
  });
  if (!res.ok) throw new Error(`approve failed: ${res.status} ${await res.text()}`);
}
