/** The final mark of a student's attendance and how its answer is told, shared by the face page and the dashboard. */
export { type FinalMarkAnswer, type MarkOutcome, useFinalMark } from './use-final-mark';
