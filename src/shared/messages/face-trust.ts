/** Issue 18: face changes need approval, one face one account, a proof spent where it was earned, fair use of the engine. */
export const faceTrustMessages = {
  faceChange: {
    waiting: "Your new photos are waiting for your teacher's approval.",
    notSamePerson: 'These photos do not look like the enrolled student',
    samePerson: 'These photos match the enrolled student',
  },
  duplicateFace: {
    refused: 'This face is already enrolled for another account. Ask your teacher.',
    alreadyAllowed: 'This registration has already been let through.',
    cardTitle: 'Refused duplicate faces',
    cardIntro:
      'Registrations refused because the face is already enrolled for another account. Compare the photos: for twins, let one registration through with that email.',
    none: 'No registration has been refused for a duplicate face.',
    allow: 'Let one registration through',
    allowed: 'One registration with this email will be let through.',
    loadFailed: 'Could not load the refused registrations.',
    allowFailed: 'Could not let the registration through.',
    matchedAccount: 'Already enrolled as',
    matchedGone: 'The matching account no longer exists.',
    distance: (d: number) => `Distance ${d.toFixed(3)}`,
    stateWaiting: 'Waiting',
    stateAllowed: (by: string) => `Allowed by ${by}`,
    stateUsed: (account: string) => `Used by account ${account}`,
    someone: 'a deleted account',
    photoAlt: (n: number) => `Enrolled photo ${n} of the matching account`,
  },
  faceCheck: {
    oneAtATime: 'A face check for your account is already running. Wait for its answer, then try again.',
    tooManyPerMinute: 'Too many face checks in a minute. Wait a moment, then try again.',
    videoFrameTooLarge: 'The video is too large. Record again from the attendance page.',
    proofOtherLogin: 'Your face was checked from another login. Check your face again on this device.',
  },
} as const;
