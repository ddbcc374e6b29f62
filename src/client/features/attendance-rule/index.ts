export { AtRiskCard } from './at-risk-card';
export { BelowRuleStat } from './below-rule-stat';
export { ShortfallCard } from './shortfall-card';
