import fs from 'node:fs';
import path from 'node:path';
import { euclidean, meanDescriptor } from '@server/face/analysis/index';

/** Accept/reject rates of 3-photo enrollment on the fixture photos (benchmark only). */

export interface Photo {
  person: string;
  file: string;
}

/**
 * bbt/<name>/*.png, people/<name>_N.jpg, wide/<name>_*.jpg (half-body and standing portraits) and the clips'
 * enroll_<name>_*.jpg; group and antispoof shots are left out.
 */
export function fixturePhotos(root: string): Photo[] {
  const out: Photo[] = [];
  const bbt = path.join(root, 'photos', 'bbt');
  for (const name of fs.readdirSync(bbt).sort()) {
    const dir = path.join(bbt, name);
    if (fs.statSync(dir).isDirectory()) for (const f of fs.readdirSync(dir).sort()) out.push({ person: `bbt/${name}`, file: path.join(dir, f) });
  }
  for (const folder of ['people', 'wide']) {
    const dir = path.join(root, 'photos', folder);
    if (fs.existsSync(dir))
      for (const f of fs.readdirSync(dir).sort()) if (/\.(jpe?g|png)$/i.test(f)) out.push({ person: f.split('_')[0], file: path.join(dir, f) });
  }
  for (const f of fs.readdirSync(path.join(root, 'clips')).sort()) {
    if (f.startsWith('enroll_')) out.push({ person: f.split('_')[1], file: path.join(root, 'clips', f) });
  }
  return out;
}

function combos<T>(items: T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [head, ...tail] = items;
  return [...combos(tail, k - 1).map((c) => [head, ...c]), ...combos(tail, k)];
}

export interface Trials {
  /** distance of each genuine attempt (Infinity when no face was found in the probe) */
  genuine: number[];
  impostor: number[];
}

/**
 * Every 3-photo enrollment of every person with at least 4 photos, probed with that person's other photos
 * (genuine) and every photo of everyone else (impostor). A photo without a descriptor is a failed attempt.
 */
export function runTrials(photos: Photo[], descriptors: (Float32Array | null)[]): Trials {
  const byPerson = new Map<string, number[]>();
  for (const [i, p] of photos.entries()) byPerson.set(p.person, [...(byPerson.get(p.person) ?? []), i]);
  const genuine: number[] = [];
  const impostor: number[] = [];
  for (const [person, idx] of byPerson) {
    if (idx.length < 4) continue;
    for (const enrolled of combos(idx, 3)) {
      if (enrolled.some((i) => !descriptors[i])) continue; // that enrollment would have been refused
      const mean = meanDescriptor(enrolled.map((i) => descriptors[i]!));
      photos.forEach((p, j) => {
        if (enrolled.includes(j)) return;
        const d = descriptors[j] ? euclidean(mean, descriptors[j]!) : Infinity;
        (p.person === person ? genuine : impostor).push(d);
      });
    }
  }
  return { genuine, impostor };
}

export interface Rates {
  genuineAccept: number;
  falseAccepts: number;
  trials: { genuine: number; impostor: number };
}

export function ratesAt(t: Trials, threshold: number): Rates {
  return {
    genuineAccept: t.genuine.filter((d) => d <= threshold).length / t.genuine.length,
    falseAccepts: t.impostor.filter((d) => d <= threshold).length,
    trials: { genuine: t.genuine.length, impostor: t.impostor.length },
  };
}

/** The best genuine-accept rate with no false accept: the threshold just under the closest impostor. */
export function bestAtZeroFalseAccept(t: Trials): { threshold: number; genuineAccept: number } {
  const closest = Math.min(...t.impostor);
  const threshold = Math.max(0, closest - 1e-6);
  return { threshold, genuineAccept: ratesAt(t, threshold).genuineAccept };
}
