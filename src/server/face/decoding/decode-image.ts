import sharp from 'sharp';
import { IMAGE_MAX_BYTES } from '../config';
import { FaceInputError } from '../errors';
import type { Slots } from '@server/lib/slots';
import { MAX_IMAGE_PIXELS } from '@shared/constants';

export interface RgbImage {
  rgb: Uint8Array;
  width: number;
  height: number;
}

/**
 * Upright RGB pixels, at most 640 px on the long side (the detectors work at 224-512 px anyway). The size comes from
 * the header first: a 0.8-MB PNG can claim 16000x16000 (768 MB decoded), so it is refused before any pixel is read.
 * The decode itself waits for one of `decodes` (the app's image decode slots, deps.imageDecodes).
 */
export async function decodeImage(image: Buffer, label: string | number, decodes: Slots): Promise<RgbImage> {
  const n = typeof label === 'number' ? label : 1;
  if (image.length === 0 || image.length > IMAGE_MAX_BYTES) throw new FaceInputError('bad_image', { image: n });
  const meta = await sharp(image)
    .metadata()
    .catch(() => null);
  if (!meta || (meta.format !== 'jpeg' && meta.format !== 'png') || !meta.width || !meta.height) throw new FaceInputError('bad_image', { image: n });
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new FaceInputError('image_too_many_pixels', { image: n });
  try {
    return await decodes.run(async () => {
      // limitInputPixels holds even if the header lied about the size
      const { data, info } = await sharp(image, { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .removeAlpha()
        .toColourspace('srgb')
        .resize({ width: 640, height: 640, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      if (info.channels !== 3) throw new Error(`${info.channels} channels`);
      return { rgb: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
    });
  } catch {
    throw new FaceInputError('bad_image', { image: n });
  }
}

/** Margin around Human's face box in a crop, as a fraction of its size (the box already holds the whole head). */
const CROP_MARGIN = 0.25;
/** A cropped face is decoded to at most this size: the detectors see the face large, at the photo's own detail. */
const CROP_MAX_SIDE = 480;

/**
 * The region around a face found on the small copy (box as fractions of the upright image), cut from the full
 * photo: a face that is a small part of a half-body or standing portrait becomes most of the picture.
 */
export async function decodeFaceCrop(image: Buffer, box: [number, number, number, number], label: number, decodes: Slots): Promise<RgbImage> {
  try {
    const meta = await sharp(image).metadata();
    const upright = (meta.orientation ?? 1) >= 5;
    const W = (upright ? meta.height : meta.width) ?? 0;
    const H = (upright ? meta.width : meta.height) ?? 0;
    const [x, y, w, h] = box;
    const m = CROP_MARGIN * Math.max(w * W, h * H);
    const left = Math.max(0, Math.floor(x * W - m));
    const top = Math.max(0, Math.floor(y * H - m));
    const width = Math.min(W - left, Math.ceil(w * W + 2 * m));
    const height = Math.min(H - top, Math.ceil(h * H + 2 * m));
    if (width < 8 || height < 8) throw new Error('empty crop');
    const { data, info } = await decodes.run(() =>
      sharp(image, { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .extract({ left, top, width, height })
        .removeAlpha()
        .toColourspace('srgb')
        .resize({ width: CROP_MAX_SIDE, height: CROP_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true }),
    );
    return { rgb: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  } catch {
    throw new FaceInputError('bad_image', { image: label });
  }
}

/** The still's width (px): enough for a teacher to know a face, small enough to keep no more of it than that. */
export const STILL_WIDTH = 160;

/** One decoded frame (rgb24) as a small JPEG, for a refused check's review (issue 39), copied out before the clip's frame buffer is released. */
export function encodeStill(v: { frames: Uint8Array[]; width: number; height: number }, frame: number): Promise<Buffer> {
  return sharp(Buffer.from(v.frames[frame]), { raw: { width: v.width, height: v.height, channels: 3 } })
    .resize({ width: STILL_WIDTH })
    .jpeg({ quality: 80 })
    .toBuffer();
}
