/**
 * Decoding: an upload's bytes to frames. Photos through sharp, videos through ffmpeg (started ahead of time, its frames
 * written to RAM and published to the workers as they come); oversized or malformed input is refused here.
 */
export { decodeFaceCrop, decodeImage, encodeStill, type RgbImage } from './decode-image';
export { decodeLiveVideo, decodeVideo, type DecodedVideo, type LiveDecode, sweepStaleUploads, webmDecoderPlan } from './decode-video';
export { ffmpegPath } from './ffmpeg';
export { refuseOversizedFrames } from './frame-size';
export { RAM_DIR } from './frames-dir';
export { SpareDecoders } from './spare-decoders';
