import sharp from 'sharp';
import { IMAGE_MAX_BYTES } from './config';
import { FaceInputError } from './errors';
import { imageDecodes } from '../lib/image-decodes';
import { MAX_IMAGE_PIXELS } from '../../shared/constants';
import { MSG } from '../../shared/messages';

export interface RgbImage {
  rgb: Uint8Array;
  width: number;
  height: number;
}

/**
 * Upright RGB pixels, at most 640 px on the long side (the detectors work at 224-512 px anyway). The size comes from
 * the header first: a 0.8-MB PNG can claim 16000x16000 (768 MB decoded), so it is refused before any pixel is read.
 */
export async function decodeImage(image: Buffer, label: string | number): Promise<RgbImage> {
  const n = typeof label === 'number' ? label : 1;
  if (image.length === 0 || image.length > IMAGE_MAX_BYTES) throw new FaceInputError(MSG.register.badImage(n));
  const meta = await sharp(image)
    .metadata()
    .catch(() => null);
  if (!meta || (meta.format !== 'jpeg' && meta.format !== 'png') || !meta.width || !meta.height) throw new FaceInputError(MSG.register.badImage(n));
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new FaceInputError(MSG.register.imageTooManyPixels(n));
  try {
    return await imageDecodes.run(async () => {
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
    throw new FaceInputError(MSG.register.badImage(n));
  }
}
