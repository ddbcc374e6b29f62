import { decodeFaceCrop, decodeImage, type RgbImage } from '../decoding/index';
import type { Slots } from '../../lib/slots';
import type { DescribeResult } from '../protocol';

export type Describe = (img: RgbImage, count: boolean) => Promise<DescribeResult>;

/**
 * A photo's face, coarse to fine: face-api on the whole photo (framed, at most 640 px); where it sees no face but
 * Human's detector saw exactly one, face-api again on that face's region cut from the full-size photo. A half-body or
 * standing portrait, where the face is a small part of the picture, is found so (docs/benchmarks-history.md, photo recall).
 */
export async function describePhoto(describe: Describe, image: Buffer, label: number, decodes: Slots): Promise<DescribeResult> {
  const whole = await describe(await decodeImage(image, label, decodes), true);
  if (whole.descriptor || whole.faces !== 1 || !whole.box) return whole;
  const crop = await describe(await decodeFaceCrop(image, whole.box, label, decodes), false);
  return crop.descriptor ? { ...crop, faces: 1, box: whole.box } : whole;
}
