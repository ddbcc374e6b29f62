import sharp from 'sharp';
import { IMAGE_MAX_BYTES } from './config';
import { FaceInputError } from './errors';
import { MSG } from '../../shared/messages';

export interface RgbImage {
  rgb: Uint8Array;
  width: number;
  height: number;
}

/** Upright RGB pixels, at most 640 px on the long side (the detectors work at 224-512 px anyway). */
export async function decodeImage(image: Buffer, label: string | number): Promise<RgbImage> {
  const n = typeof label === 'number' ? label : 1;
  if (image.length === 0 || image.length > IMAGE_MAX_BYTES) throw new FaceInputError(MSG.register.badImage(n));
  try {
    const meta = await sharp(image).metadata();
    if (meta.format !== 'jpeg' && meta.format !== 'png') throw new Error(`format ${meta.format}`);
    const { data, info } = await sharp(image, { failOn: 'truncated' })
      .rotate()
      .removeAlpha()
      .toColourspace('srgb')
      .resize({ width: 640, height: 640, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`${info.channels} channels`);
    return { rgb: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  } catch {
    throw new FaceInputError(MSG.register.badImage(n));
  }
}
