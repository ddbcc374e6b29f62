import { Slots } from './slots';

/**
 * Full image decodes in this process, registration and face engine together: a 25-megapixel image takes ~75 MB
 * while decoded, so a burst of uploads waits here instead of multiplying that.
 */
export const MAX_CONCURRENT_IMAGE_DECODES = 2;
export const imageDecodes = new Slots(MAX_CONCURRENT_IMAGE_DECODES);
