import { MSG } from '@shared/messages';
import { AdminShell } from '@/features/admin/admin-shell';
import { CampusNetworksCard } from '@/features/admin/settings/campus-networks-card';
import { MapTilesCard } from '@/features/admin/settings/map-tiles-card';
import { NoticesCard } from '@/features/admin/settings/notices-card';
import { NotFromBrowserFlagCard } from '@/features/admin/settings/not-from-browser-flag-card';
import { TimetableAutoOpenCard } from '@/features/admin/settings/timetable-auto-open-card';
// not through the feature's index: the rule's form (and its schemas) would then load with every dashboard using the feature
import { RuleSettingsCard } from '@/features/attendance-rule/rule-settings-card';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';

/**
 * Issue 36: the portal's Settings page: the attendance rule, the warnings (issue 39) and email delivery, the campus
 * networks, the 'not from a browser' flag, the timetable's opening by itself, the map tiles.
 */
export function AdminSettingsPage() {
  useDocumentTitle(MSG.admin.pages.settings);
  return (
    <AdminShell title={MSG.admin.pages.settings} intro={MSG.admin.pages.settingsIntro} width="max-w-4xl">
      <RuleSettingsCard />
      <NoticesCard />
      <CampusNetworksCard />
      <NotFromBrowserFlagCard />
      <TimetableAutoOpenCard />
      <MapTilesCard />
    </AdminShell>
  );
}
