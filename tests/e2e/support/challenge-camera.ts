import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { fixture } from '../../helpers/fixtures';

/**
 * A Chromium fake-camera copy (320x240 I420 y4m, as faces/challenge/README.md says) of a challenge clip, made into a
 * temp dir: the fixtures are never copied into the repository. `remove` deletes it.
 */
export function challengeCameraClip(clip: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-camera-'));
  const y4m = path.join(dir, `${clip}.y4m`);
  execFileSync(ffmpeg.path, [
    '-loglevel',
    'error',
    '-i',
    fixture('challenge', `${clip}.webm`),
    '-vf',
    'scale=320:240',
    '-pix_fmt',
    'yuv420p',
    '-f',
    'yuv4mpegpipe',
    y4m,
  ]);
  return { y4m, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The time of a webm's last frame, as ffmpeg reads it (no resampling): how long the page recorded. */
export function videoSeconds(video: Buffer): number {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-probe-')), 'clip.webm');
  fs.writeFileSync(file, video);
  const r = spawnSync(ffmpeg.path, ['-hide_banner', '-i', file, '-vsync', 'passthrough', '-vf', 'showinfo', '-f', 'null', '-'], { encoding: 'utf8' });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return Math.max(...[...r.stderr.matchAll(/pts_time:([\d.]+)/g)].map((m) => Number(m[1])));
}
