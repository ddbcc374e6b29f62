/** What deps holds of the reports (deps.reports): deps.ts imports it from here; everything else uses ../index.ts. */
export type { ReportCache } from './report-cache';
