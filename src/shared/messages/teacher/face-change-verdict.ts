/** Issue 36: the face change card says what the identity measurement found, and asks before a mismatch is approved. */
export const faceChangeVerdictMessages = {
  faceChangeVerdict: {
    measured: (distance: string, threshold: string) => `Farthest new photo from the enrolled face: ${distance}. The face check accepts up to ${threshold}.`,
    confirmMismatch: 'I have compared the photos: they do not match the enrolled student, and I approve them anyway.',
    mismatchUnconfirmed: 'These photos do not match the enrolled student: confirm that you approve them anyway.',
  },
} as const;
