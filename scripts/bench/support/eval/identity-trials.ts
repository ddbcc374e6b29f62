import { euclidean, meanDescriptor } from '@server/face/analysis/index';

/**
 * The identity benchmark's trials (identity.ts), the same comparisons for every recognizer so that two of them can
 * be fused comparison by comparison. A template is what an enrollment stores, a probe is one image:
 * - templates: a person's 3 enrollment stills (clips/, challenge/) averaged; else every 3 of their photos averaged
 *   when they have 3 or more; else each photo alone;
 * - genuine `check`: the enrollment template against each identity frame of the person's own clips (a check;
 *   `frontal` are those of clips where the head stays frontal, as in today's blink check);
 *   `photo3`: a 3-photo template against each other photo of the person; `photoPair`: two photos of one person;
 * - impostor `enrolled`: every template of one person against every image (photo or frame) of another; a pair of
 *   people is matched at t when any of those, either way, is within t; `photoPair`: two photos of two people.
 * A probe where the recognizer finds no face is refused (distance Infinity): a failed genuine attempt.
 */

export interface Sample {
  person: string;
  /** file, or file#frame for a clip's frame */
  label: string;
  kind: 'still' | 'frame';
  enrollment: boolean;
  /** a frame's clip, short (aoc, d0, c01...), and whether the head stays frontal in it */
  clip?: { name: string; frontal: boolean };
}

export type Metric = 'euclidean' | 'cosine';

interface Template {
  person: string;
  members: number[];
  kind: 'enrollment' | 'photos3' | 'single';
}

export interface Comparison {
  /** template index, or for a photo pair the first sample's index */
  a: number;
  /** the probe's sample index */
  b: number;
}

export interface TrialSet {
  samples: Sample[];
  templates: Template[];
  genuine: { check: Comparison[]; photo3: Comparison[]; photoPair: Comparison[] };
  impostor: { enrolled: Comparison[]; photoPair: Comparison[] };
}

function combos(items: number[], k: number): number[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [head, ...tail] = items;
  return [...combos(tail, k - 1).map((c) => [head, ...c]), ...combos(tail, k)];
}

export function buildTrials(samples: Sample[]): TrialSet {
  const byPerson = new Map<string, number[]>();
  for (const [i, s] of samples.entries()) byPerson.set(s.person, [...(byPerson.get(s.person) ?? []), i]);
  const templates: Template[] = [];
  for (const [person, idx] of byPerson) {
    const stills = idx.filter((i) => samples[i].kind === 'still');
    const enrolled = stills.filter((i) => samples[i].enrollment);
    if (enrolled.length) templates.push({ person, members: enrolled, kind: 'enrollment' });
    else if (stills.length >= 3) for (const c of combos(stills, 3)) templates.push({ person, members: c, kind: 'photos3' });
    else for (const i of stills) templates.push({ person, members: [i], kind: 'single' });
  }
  const t: TrialSet = { samples, templates, genuine: { check: [], photo3: [], photoPair: [] }, impostor: { enrolled: [], photoPair: [] } };
  for (const [a, tpl] of templates.entries())
    for (const [b, s] of samples.entries()) {
      if (s.person !== tpl.person) t.impostor.enrolled.push({ a, b });
      else if (tpl.kind === 'enrollment' && s.kind === 'frame') t.genuine.check.push({ a, b });
      else if (tpl.kind === 'photos3' && s.kind === 'still' && !tpl.members.includes(b)) t.genuine.photo3.push({ a, b });
    }
  const stills = [...samples.keys()].filter((i) => samples[i].kind === 'still');
  for (const [k, a] of stills.entries())
    for (const b of stills.slice(k + 1)) (samples[a].person === samples[b].person ? t.genuine.photoPair : t.impostor.photoPair).push({ a, b });
  return t;
}

const unit = (d: Float32Array) => {
  const n = Math.hypot(...d) || 1;
  return d.map((x) => x / n);
};
/** 1 - cosine similarity of L2-normalized vectors: 0 identical, 1 unrelated, 2 opposite. */
const cosineDistance = (a: Float32Array, b: Float32Array) => {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return 1 - dot;
};

/** Every comparison's distance for one recognizer's descriptors (one per sample, null where it found no face). */
export interface Distances {
  genuine: { check: Float64Array; photo3: Float64Array; photoPair: Float64Array };
  impostor: { enrolled: Float64Array; photoPair: Float64Array };
}

export function distances(t: TrialSet, descriptors: (Float32Array | null)[], metric: Metric): Distances {
  const probes = descriptors.map((d) => (d && metric === 'cosine' ? unit(d) : d));
  // a template from the members that gave a descriptor (an enrollment missing one is still measured, from the rest)
  const templates = t.templates.map((tpl) => {
    const ds = tpl.members.map((i) => probes[i]).filter((d) => d !== null);
    if (ds.length === 0 || (tpl.kind === 'photos3' && ds.length < 3)) return null;
    const mean = meanDescriptor(ds);
    return metric === 'cosine' ? unit(mean) : mean;
  });
  const dist = (x: Float32Array | null, y: Float32Array | null) => (!x || !y ? Infinity : metric === 'cosine' ? cosineDistance(x, y) : euclidean(x, y));
  const fromTemplate = (cs: Comparison[]) => Float64Array.from(cs, (c) => dist(templates[c.a], probes[c.b]));
  const pairwise = (cs: Comparison[]) => Float64Array.from(cs, (c) => dist(probes[c.a], probes[c.b]));
  return {
    genuine: { check: fromTemplate(t.genuine.check), photo3: fromTemplate(t.genuine.photo3), photoPair: pairwise(t.genuine.photoPair) },
    impostor: { enrolled: fromTemplate(t.impostor.enrolled), photoPair: pairwise(t.impostor.photoPair) },
  };
}

export const personOfTemplate = (t: TrialSet, a: number) => t.templates[a].person;
export const templateLabel = (t: TrialSet, a: number) => {
  const tpl = t.templates[a];
  return tpl.kind === 'enrollment' ? `${tpl.person} enrollment` : tpl.members.map((i) => t.samples[i].label).join(' + ');
};

/** Pairs of people (unordered) with the closest enrollment-style comparison between them, either way. */
export function pairDistances(t: TrialSet, d: Distances): Map<string, number> {
  const out = new Map<string, number>();
  for (const [k, c] of t.impostor.enrolled.entries()) {
    const key = [personOfTemplate(t, c.a), t.samples[c.b].person].sort().join(' ~ ');
    out.set(key, Math.min(out.get(key) ?? Infinity, d.impostor.enrolled[k]));
  }
  return out;
}

export const rateAtOrBelow = (xs: ArrayLike<number>, t: number) => (xs.length ? Array.prototype.filter.call(xs, (x: number) => x <= t).length / xs.length : 0);
export const rateAbove = (xs: ArrayLike<number>, t: number) => (xs.length ? Array.prototype.filter.call(xs, (x: number) => x > t).length / xs.length : 0);

export function median(xs: ArrayLike<number>): number {
  const s = Array.from(xs)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
}

/** The smallest t at which at most `share` of the distances lie above it. */
export function thresholdRefusing(xs: ArrayLike<number>, share: number): number {
  const s = Array.from(xs).sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((1 - share) * s.length) - 1)];
}
