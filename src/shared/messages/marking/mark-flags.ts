/** Issue 19: the reasons shown beside a flagged mark (teacher's Students tab, student dialog, admin detail, CSV). */
export const markFlagMessages = {
  markFlags: {
    badDeviceId: 'The device id must be 16 to 64 letters, digits, - or _.',
    sameDevice: (other: string) => `marked from the same device as ${other}`,
    sameAddress: (other: string) => `marked from the same network address as ${other} within 2 minutes`,
    offCampus: 'a step tried from outside the campus network (refused)',
    differentNetworks: 'steps from different networks',
    classNetwork: 'different network from the class',
    notFromBrowser: 'not from a browser',
    copiedPosition: (other: string) => `the same position to the decimeter as ${other}`,
    copiedAccuracy: (others: number) => `the same reported accuracy as ${others} other students`,
    noRoomCode: 'no room code (the session did not require one)',
    outsideChecks: (n: number) => `${n} location checks from outside`,
    failedChallenges: (n: number, outOfTries: boolean) =>
      `did not follow the face check's instructions ${n === 1 ? 'once' : `${n} times`}${outOfTries ? ': out of tries, mark by hand if present' : ' in this session'}`,
    /** Issue 33: the live face check's tries in the session (started, refused, left unfinished). */
    faceTries: (t: { started: number; failed: number; abandoned: number }, outOfTries: boolean) =>
      `face check tries: ${t.started} started, ${t.failed} failed, ${t.abandoned} abandoned${outOfTries ? ': out of tries, mark by hand if present' : ''}`,
    flaggedOnly: 'Flagged only',
    column: 'Flags',
    badge: 'Flagged',
    hint: 'A flag does not refuse a mark: it tells you where to look.',
    reasons: (name: string) => `Why the mark of ${name} is flagged`,
  },
} as const;
