import type { Migration } from 'kysely';
import * as initialSchema from './2026_11_22_120000_initial_schema';
import * as security from './2026_11_23_120000_security';
import * as contactMessages from './2026_11_23_150000_contact_messages';
import * as adminReports from './2026_11_23_180000_admin_reports';

/** Static list so migrations run the same under tsx, vitest and any bundler; names sort in apply order. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_120000_initial_schema': initialSchema,
  '2026_11_23_120000_security': security,
  '2026_11_23_150000_contact_messages': contactMessages,
  '2026_11_23_180000_admin_reports': adminReports,
};
