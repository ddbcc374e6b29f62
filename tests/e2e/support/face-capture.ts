import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { MSG } from '@shared/messages';

/** The previews of the photos taken so far (registration's and /update-user's capture field). */
export const capturedPreviews = (page: Page) => page.getByRole('img', { name: new RegExp(`^${MSG.register.imageAlt(0).slice(0, -1)}\\d$`) });

/**
 * Opens the webcam overlay and captures until `total` photos exist (a frame of the fake camera's clip each, some
 * apart), then closes it with Done. `enough` is the field's line at three.
 */
export async function capturePhotos(page: Page, total: number, enough: string) {
  // counted before the dialog opens: a modal dialog hides the page behind it from the accessibility tree
  const taken = await capturedPreviews(page).count();
  await page.getByRole('button', { name: MSG.register.openCamera }).click();
  const dialog = page.getByRole('dialog');
  const capture = dialog.getByRole('button', { name: /^Capture/ });
  // the camera starts beside whatever else the machine runs
  await expect.poll(() => capture.isEnabled(), { timeout: 30_000 }).toBe(true);
  for (let n = taken; n < total; n += 1) {
    await page.waitForTimeout(400); // another frame of the clip
    await capture.click();
    await dialog.getByText(n + 1 < 3 ? MSG.capture.progress(n + 1) : enough).waitFor();
  }
  await dialog.getByRole('button', { name: MSG.register.done }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** /update-user's three new photos from the camera. */
export const captureThree = (page: Page) => capturePhotos(page, 3, MSG.admin.updateUser.capturedEnough);
