export { AtRiskCard } from './at-risk-card';
export { BelowRuleStat } from './below-rule-stat';
export { ShortfallCard } from './shortfall-card';
// The rule's settings form is imported from its own file (rule-settings-card.tsx) by the Settings page, not from
// here: its validation (zod, whose schemas are built as the module loads) and Radix's Switch came along with every
// import of this file, into the first load of the Reports page and the teacher dashboard, which show none of it.
