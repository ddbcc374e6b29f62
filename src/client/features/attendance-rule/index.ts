export { AtRiskCard } from './at-risk-card';
export { BelowRuleStat } from './below-rule-stat';
export { RuleSettingsCard } from './rule-settings-card';
export { ShortfallCard } from './shortfall-card';
