/** Issue 18: face changes need approval, one face one account, a proof spent where it was earned, fair use of the engine. */
export const faceTrustMessages = {
  faceChange: {
    waiting: "Your new photos are waiting for your teacher's approval.",
    notSamePerson: 'These photos do not look like the enrolled student',
    samePerson: 'These photos match the enrolled student',
  },
  duplicateFace: {
    refused: 'This face is already enrolled for another account. Ask your teacher.',
  },
  faceCheck: {
    oneAtATime: 'A face check for your account is already running. Wait for its answer, then try again.',
    tooManyPerMinute: 'Too many face checks in a minute. Wait a moment, then try again.',
    videoFrameTooLarge: 'The video is too large. Record again from the attendance page.',
    proofOtherLogin: 'Your face was checked from another login. Check your face again on this device.',
  },
  /** Where a mark came from, as teachers and admins see it beside the record. */
  markTrace: {
    address: 'Address',
    device: 'Device',
    accuracy: 'Position accuracy',
    accuracyMeters: (m: number) => `±${Math.round(m)} m`,
    unknownDevice: 'Unknown device',
  },
} as const;
