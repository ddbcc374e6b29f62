/**
 * The eye aspect ratio from a MediaPipe face mesh (Human's 468 points), shared by the server's blink rules
 * (face/blink.ts) and the face page's live guidance (features/verification/tracker/face-geometry.ts): one set of indices.
 */

/** Any [x, y, ...] tuple (Human's mesh points are [x, y, z?]). */
export type Point = { readonly 0: number; readonly 1: number };

/** MediaPipe mesh indices [corner, corner, upper, lower, upper, lower] per eye; Human's iris model refines them. */
export const EYES = { right: [33, 133, 160, 144, 158, 153], left: [362, 263, 385, 380, 387, 373] } as const;

export const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Eye aspect ratio (Soukupova & Cech): lid gap over eye width, ~0.3-0.45 open, under ~0.2 closed. */
export function eyeAspectRatio(mesh: readonly Point[], eye: keyof typeof EYES): number | null {
  const [p1, p4, p2, p6, p3, p5] = EYES[eye].map((i) => mesh[i]);
  if (!p1 || !p2 || !p3 || !p4 || !p5 || !p6) return null;
  const width = dist(p1, p4);
  return width > 0 ? (dist(p2, p6) + dist(p3, p5)) / (2 * width) : null;
}
