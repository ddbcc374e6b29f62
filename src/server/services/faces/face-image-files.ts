import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { DomainError } from '@server/lib/errors';
import type { AppDeps } from '@server/deps';

export interface UploadedFile {
  buffer: Buffer;
  size: number;
}

/** The refusals' words, by the image's place in the upload: face photos by default, a leave document its own. */
export interface ImageTexts {
  tooLarge: (n: number) => string;
  tooManyPixels: (n: number) => string;
  bad: (n: number) => string;
}
const FACE_IMAGE_TEXTS: ImageTexts = { tooLarge: MSG.register.imageTooLarge, tooManyPixels: MSG.register.imageTooManyPixels, bad: MSG.register.badImage };

/**
 * Decodes every upload fully (a truncated or disguised file fails here) and re-encodes it as a clean JPEG:
 * EXIF (which may hold GPS) is stripped and orientation applied, so what is stored is only the face picture.
 * Each decode waits for one of the app's image decode slots, which its face engine shares.
 */
export async function normalizeFaceImages(deps: Pick<AppDeps, 'imageDecodes'>, files: UploadedFile[], texts: ImageTexts = FACE_IMAGE_TEXTS): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (const [i, file] of files.entries()) {
    if (file.size > MAX_IMAGE_BYTES) throw new DomainError('VALIDATION', texts.tooLarge(i + 1));
    try {
      // metadata() reads the header only; limitInputPixels guards the decode itself as well.
      const { format, width = 0, height = 0 } = await sharp(file.buffer).metadata();
      if (format !== 'jpeg' && format !== 'png') throw new Error(`unsupported ${format}`);
      if (width * height > MAX_IMAGE_PIXELS) throw new DomainError('VALIDATION', texts.tooManyPixels(i + 1));
      const img = sharp(file.buffer, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
      out.push(await deps.imageDecodes.run(() => img.rotate().flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer()));
    } catch (err) {
      if (err instanceof DomainError) throw err;
      throw new DomainError('VALIDATION', texts.bad(i + 1));
    }
  }
  return out;
}

/**
 * Writes a user's face images under uploads/faces/<userId>/ and returns paths relative to the uploads folder.
 * Faces are personal data: folders 0700, files 0600. `prefix` keeps a face change's photos apart from enrolled ones.
 */
export async function storeFaceImages(uploadsDir: string, userId: number, images: Buffer[], prefix = ''): Promise<string[]> {
  const rel = path.join('faces', String(userId));
  await fs.mkdir(path.join(uploadsDir, rel), { recursive: true, mode: 0o700 });
  await fs.chmod(uploadsDir, 0o700);
  const paths: string[] = [];
  for (const [i, image] of images.entries()) {
    const name = path.join(rel, `${prefix}${i + 1}-${crypto.randomBytes(6).toString('hex')}.jpg`);
    await fs.writeFile(path.join(uploadsDir, name), image, { flag: 'wx', mode: 0o600 });
    paths.push(name);
  }
  return paths;
}

export async function removeFaceImages(uploadsDir: string, userId: number): Promise<void> {
  await fs.rm(path.join(uploadsDir, 'faces', String(userId)), { recursive: true, force: true });
}

/** Removes single stored face images (paths relative to the uploads folder); a missing file is not an error. */
export async function removeStoredImages(uploadsDir: string, paths: string[]): Promise<void> {
  for (const p of paths) await fs.rm(path.join(uploadsDir, p), { force: true });
}
