/** Issue 18: face changes need approval, one face one account, a proof spent where it was earned, fair use of the engine. */
export const faceTrustMessages = {
  faceChange: {
    waiting: "Your new photos are waiting for your teacher's approval.",
    notSamePerson: 'These photos do not look like the enrolled student',
    samePerson: 'These photos match the enrolled student',
    noEnrolledFace: 'There are no enrolled photos to compare with',
    applied: 'The new photos are enrolled.',
    approved: 'The new photos are enrolled.',
    declined: 'The new photos were declined; the enrolled photos stay.',
    notFound: 'This face change was not found.',
    concurrent: 'Other new photos were sent at the same moment. Try again.',
    alreadyDecided: 'This face change was already decided.',
    forbidden: 'You can only decide face changes of students in your department.',
    historyForbidden: 'You can only see the face changes of students in your department.',
    duplicateForAdmin: (username: string, email: string) =>
      `This face is already enrolled for ${username} (${email}). If you have checked they are different people (twins), send the photos again with "allow the same face".`,
    allowedSameFace: (username: string, email: string) => `Allowed by an admin although the face matched ${username} (${email})`,
    // The teacher dashboard and the profile's history.
    pendingTitle: 'Pending face changes',
    pendingEmpty: 'No face changes are waiting.',
    enrolledPhotos: 'Enrolled photos',
    newPhotos: 'New photos',
    noPhotos: 'No photos',
    distance: (d: string) => `Match distance ${d}`,
    requestedAt: (when: string) => `Requested ${when}`,
    approve: 'Approve',
    decline: 'Decline',
    declineNote: 'Note for the record (optional)',
    historyTitle: 'Face changes',
    historyEmpty: 'No face changes yet.',
    status: { pending: 'Requested', approved: 'Approved', declined: 'Declined', applied: 'Changed by an admin', withdrawn: 'Withdrawn' },
    changePhotos: 'Change face photos',
    allowSameFace: 'Allow the same face as another account (checked: twins)',
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
