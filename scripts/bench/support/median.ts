/** The middle of the samples (the upper one of an even count): what a benchmark reports, so one slow run does not move it. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
