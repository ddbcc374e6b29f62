import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, hasFixtures } from '@harness/face-fixtures';
import { decodeImage } from './decode-image';
import { FaceInputError } from '../errors';
import { MAX_CONCURRENT_IMAGE_DECODES } from '../config';
import { Slots } from '@server/lib/slots';
import fs from 'node:fs';

/** The image bomb: 16000x16000 (256 megapixels, 768 MB decoded) in well under 1 MB of PNG. */
let bomb: Buffer;
beforeAll(async () => {
  bomb = await sharp({ create: { width: 16000, height: 16000, channels: 3, background: '#ffffff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}, 300_000);

describe('decodeImage', () => {
  /** The decode slots an app holds in deps.imageDecodes. */
  const decodes = new Slots(MAX_CONCURRENT_IMAGE_DECODES);
  it('refuses a 16000x16000 PNG from its header, fast, and four at once leave memory flat', async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024);
    // "Fast" relative to this machine now, not a stopwatch: four refusals take less than 50 ordinary decodes of a
    // 1600x1200 photo (timed here, median of 5), where decoding the four bombs would take about 500 of them (133 times
    // the pixels each, two decodes at a time).
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#8899aa' } })
      .png()
      .toBuffer();
    await decodeImage(photo, 1, decodes);
    const photoRuns: number[] = [];
    for (let i = 0; i < 5; i++) {
      const photoStarted = performance.now();
      await decodeImage(photo, 1, decodes);
      photoRuns.push(performance.now() - photoStarted);
    }
    const photoMs = photoRuns.sort((a, b) => a - b)[2];
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const errors = await Promise.all(Array.from({ length: 4 }, () => decodeImage(bomb, 2, decodes).catch((e: unknown) => e)));
    const ms = performance.now() - started;
    for (const err of errors) {
      expect(err).toBeInstanceOf(FaceInputError);
      expect(err).toMatchObject({ code: 'image_too_many_pixels', detail: { image: 2 } });
    }
    expect(ms).toBeLessThan(50 * photoMs);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  }, 300_000);

  it('still decodes an ordinary photo, scaled to 640 px on its long side', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#8899aa' } })
      .jpeg()
      .toBuffer();
    const img = await decodeImage(photo, 1, decodes);
    expect([img.width, img.height, img.rgb.length]).toEqual([640, 480, 640 * 480 * 3]);
  });

  it.skipIf(!hasFixtures)('decodes at most two images at once, however many arrive', async () => {
    const photo = fs.readFileSync(fixture('clips', 'enroll_aoc_f005.jpg'));
    const decoded = await Promise.all(Array.from({ length: 8 }, (_, i) => decodeImage(photo, i + 1, decodes)));
    expect(decoded.every((d) => d.width > 0)).toBe(true);
    expect(decodes.stats()).toEqual({ running: 0, waiting: 0, peak: MAX_CONCURRENT_IMAGE_DECODES });
  });

  it('refuses a file that is not a JPEG or PNG, naming it', async () => {
    const gif = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const bad of [Buffer.from('not an image'), gif])
      await expect(decodeImage(bad, 3, decodes)).rejects.toMatchObject({ code: 'bad_image', detail: { image: 3 } });
  });
});
