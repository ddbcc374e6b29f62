import {
  type Distances,
  median,
  pairDistances,
  personOfTemplate,
  rateAbove,
  rateAtOrBelow,
  templateLabel,
  thresholdRefusing,
  type TrialSet,
} from './identity-trials';

/**
 * What identity.ts prints for one recognizer, from its distances over the shared trials (identity-trials.ts).
 * Distances of different recognizers are on different scales, so the safety margin is stated on each one's own
 * scale: MARGIN_SHARE of the gap between its median genuine and median impostor distance (template vs probe).
 */
export const MARGIN_SHARE = 0.1;
/** The share of genuine attempts (check frames) the target lets a recognizer refuse. */
export const MAX_REFUSED = 0.02;

export interface ThresholdRow {
  t: number;
  why: string;
  pairsMatched: number;
  pairs: number;
  photoFmr: number;
  fnmr: Fnmr;
}

export interface Fnmr {
  check: number;
  /** check frames of clips where the head stays frontal */
  frontal: number;
  photo3: number;
  photoPair: number;
}

export interface Closest {
  d: number;
  what: string;
}

export interface Summary {
  medianGenuine: number;
  medianImpostor: number;
  margin: number;
  /** the closest different-person comparisons (enrollment-style or photo pair), closest first, one per pair of people */
  closest: Closest[];
  /** just under the closest different-person distance: 0 false matches, no margin */
  tZero: number;
  /** tZero less the margin */
  tSuggested: number;
  /** the strictest threshold refusing at most MAX_REFUSED of check frames */
  tCheck2: number;
  rows: ThresholdRow[];
  p1d0: { d0EnrollVsP1Frames: { min: number; median: number }; p1EnrollVsD0Frames: { min: number; median: number } };
  /** check frames refused at tSuggested, per clip */
  refusedChecks: string;
}

export function summarize(t: TrialSet, d: Distances, extraThresholds: { t: number; why: string }[] = []): Summary {
  const genuineAttempts = [...d.genuine.check, ...d.genuine.photo3];
  const medianGenuine = median(genuineAttempts);
  const medianImpostor = median(d.impostor.enrolled);
  // a broken recognizer may put different people closer than the same person: the margin is a distance either way
  const margin = MARGIN_SHARE * Math.abs(medianImpostor - medianGenuine);
  const closest = closestPairs(t, d);
  const tZero = closest[0].d - 1e-6;
  const tSuggested = closest[0].d - margin;
  const tCheck2 = thresholdRefusing(d.genuine.check, MAX_REFUSED);
  const pairs = pairDistances(t, d);
  const row = (th: number, why: string): ThresholdRow => ({
    t: th,
    why,
    pairsMatched: [...pairs.values()].filter((x) => x <= th).length,
    pairs: pairs.size,
    photoFmr: rateAtOrBelow(d.impostor.photoPair, th),
    fnmr: {
      check: rateAbove(d.genuine.check, th),
      frontal: rateAbove(frontal(t, d.genuine.check), th),
      photo3: rateAbove(d.genuine.photo3, th),
      photoPair: rateAbove(d.genuine.photoPair, th),
    },
  });
  const gap = medianImpostor - medianGenuine;
  const thresholds = [
    { t: tSuggested, why: 'suggested' },
    { t: tZero, why: '0 false, no margin' },
    { t: tCheck2, why: `${100 * MAX_REFUSED}% checks refused` },
    ...[0.25, 0.5].map((k) => ({ t: medianGenuine + k * gap, why: `genuine median + ${k} gap` })),
    ...extraThresholds,
  ].sort((a, b) => a.t - b.t);
  const refused = new Map<string, [number, number]>();
  for (const [k, c] of t.genuine.check.entries()) {
    const who = t.samples[c.b].clip?.name ?? '?';
    const [n, all] = refused.get(who) ?? [0, 0];
    refused.set(who, [n + (d.genuine.check[k] > tSuggested ? 1 : 0), all + 1]);
  }
  return {
    medianGenuine,
    medianImpostor,
    margin,
    closest,
    tZero,
    tSuggested,
    tCheck2,
    rows: thresholds.map((x) => row(x.t, x.why)),
    p1d0: { d0EnrollVsP1Frames: enrollVsFrames(t, d, 'd0', 'p1'), p1EnrollVsD0Frames: enrollVsFrames(t, d, 'p1', 'd0') },
    refusedChecks: [...refused].map(([who, [n, all]]) => `${who} ${n}/${all}`).join(', '),
  };
}

/** The check distances of frames whose clip keeps the head frontal. */
const frontal = (t: TrialSet, xs: Float64Array) => xs.filter((_, k) => t.samples[t.genuine.check[k].b].clip?.frontal);

/** The closest comparison of each pair of people, either kind, the 3 closest pairs. */
function closestPairs(t: TrialSet, d: Distances): Closest[] {
  const best = new Map<string, Closest>();
  const offer = (p: string, q: string, x: number, what: string) => {
    const key = [p, q].sort().join(' ~ ');
    if (x < (best.get(key)?.d ?? Infinity)) best.set(key, { d: x, what });
  };
  for (const [k, c] of t.impostor.enrolled.entries())
    offer(personOfTemplate(t, c.a), t.samples[c.b].person, d.impostor.enrolled[k], `${templateLabel(t, c.a)} vs ${t.samples[c.b].label}`);
  for (const [k, c] of t.impostor.photoPair.entries())
    offer(t.samples[c.a].person, t.samples[c.b].person, d.impostor.photoPair[k], `photo ${t.samples[c.a].label} vs ${t.samples[c.b].label}`);
  return [...best.values()].sort((a, b) => a.d - b.d).slice(0, 3);
}

function enrollVsFrames(t: TrialSet, d: Distances, enrolled: string, probe: string) {
  const xs = t.impostor.enrolled
    .map((c, k) => ({ c, x: d.impostor.enrolled[k] }))
    .filter(
      ({ c }) =>
        t.templates[c.a].kind === 'enrollment' && t.templates[c.a].person === enrolled && t.samples[c.b].person === probe && t.samples[c.b].kind === 'frame',
    )
    .map(({ x }) => x);
  return { min: Math.min(...xs), median: median(xs) };
}

export interface Fusion {
  t: [number, number];
  margins: [number, number];
  fnmr: Fnmr;
  /** the different-person comparison closest to acceptance: the larger of its two distances over their thresholds */
  closest: { ratio: number; d: [number, number]; what: string };
  p1d0: [number, number][];
}

/**
 * Accept only when both recognizers accept, each at its own threshold. For each of face-api's candidate thresholds
 * the other's is the largest that still refuses every different-person comparison with both margins (a comparison
 * within t + margin of one must lie beyond t + margin of the other); the pair refusing fewest check frames wins.
 */
export function fuse(t: TrialSet, a: Distances, b: Distances, marginA: number, marginB: number, candidatesA: number[]): Fusion {
  const imp = [
    ...Array.from(a.impostor.enrolled, (x, k) => ({ x, y: b.impostor.enrolled[k], k, photo: false })),
    ...Array.from(a.impostor.photoPair, (x, k) => ({ x, y: b.impostor.photoPair[k], k, photo: true })),
  ];
  const refused = (xs: Float64Array, ys: Float64Array, ta: number, tb: number) =>
    xs.length ? xs.filter((x, k) => x > ta || ys[k] > tb).length / xs.length : 0;
  const frontalA = frontal(t, a.genuine.check);
  const frontalB = frontal(t, b.genuine.check);
  let best: Fusion | null = null;
  for (const ta of candidatesA) {
    const tb = imp.reduce((m, c) => (c.x <= ta + marginA ? Math.min(m, c.y - marginB) : m), Infinity);
    const fnmr = {
      check: refused(a.genuine.check, b.genuine.check, ta, tb),
      frontal: refused(frontalA, frontalB, ta, tb),
      photo3: refused(a.genuine.photo3, b.genuine.photo3, ta, tb),
      photoPair: refused(a.genuine.photoPair, b.genuine.photoPair, ta, tb),
    };
    if (best && (fnmr.check > best.fnmr.check || (fnmr.check === best.fnmr.check && fnmr.photo3 >= best.fnmr.photo3))) continue;
    const worst = imp.reduce((w, c) => (Math.max(c.x / ta, c.y / tb) < Math.max(w.x / ta, w.y / tb) ? c : w));
    const what = worst.photo
      ? `photo ${t.samples[t.impostor.photoPair[worst.k].a].label} vs ${t.samples[t.impostor.photoPair[worst.k].b].label}`
      : `${templateLabel(t, t.impostor.enrolled[worst.k].a)} vs ${t.samples[t.impostor.enrolled[worst.k].b].label}`;
    const p1d0 = t.impostor.enrolled
      .map((c, k) => ({ c, k }))
      .filter(({ c }) => {
        const [p, q] = [personOfTemplate(t, c.a), t.samples[c.b].person];
        return t.templates[c.a].kind === 'enrollment' && t.samples[c.b].kind === 'frame' && ((p === 'p1' && q === 'd0') || (p === 'd0' && q === 'p1'));
      })
      .map(({ k }) => [a.impostor.enrolled[k], b.impostor.enrolled[k]] as [number, number]);
    best = { t: [ta, tb], margins: [marginA, marginB], fnmr, closest: { ratio: Math.max(worst.x / ta, worst.y / tb), d: [worst.x, worst.y], what }, p1d0 };
  }
  return best!;
}
