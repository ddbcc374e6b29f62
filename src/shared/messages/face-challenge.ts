/** Issue 20: the face check's challenge (server refusals and the page's guidance). */
export const faceChallengeMessages = {
  faceChallenge: {
    notFollowed: 'The movements did not match the instructions. Follow the arrows on the screen and try again.',
    missing: 'This face check has no instructions from the server. Start the face check again.',
    invalid: 'These instructions are not valid for your login. Start the face check again.',
    used: 'These instructions were already used. Start the face check again.',
    expired: 'The instructions expired before the video arrived. Start the face check again.',
    tooManyFailed: (n: number) => `You did not follow the instructions ${n} times in this session. Ask your teacher to mark your attendance.`,
    badHints: 'The step times sent with the video are not valid.',
  },
} as const;
