/** The student's own standing against the attendance rule (issue 24), apart from the rule's admin cards: a student's download carries none of them. */
export { StandingCard } from './standing-card';
