import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '../../shared/messages';
import { Button } from '@/components/ui/button';
import { AdminSidebar } from '@/features/admin/admin-sidebar';
import type { AdminUser, PairRow } from '@/features/admin/admin-types';
import { AttendanceCharts } from '@/features/admin/reports/attendance-charts';
import { RuleSettingsCard, ShortfallCard } from '@/features/attendance-rule';
import { CampusNetworksCard } from '@/features/admin/settings/campus-networks-card';
import { DeleteUserDialog } from '@/features/admin/users/delete-user-dialog';
import { DetailDialog } from '@/features/admin/reports/detail-dialog';
import { DuplicateFacesCard } from '@/features/admin/users/duplicate-faces-card';
import { FilterBar } from '@/features/admin/reports/filter-bar';
import { MapTilesCard } from '@/features/admin/settings/map-tiles-card';
import { NotFromBrowserFlagCard } from '@/features/admin/settings/not-from-browser-flag-card';
import { StatCards } from '@/features/admin/stat-cards';
import { SummaryDialog } from '@/features/admin/reports/summary-dialog';
import { useAttendanceFilter } from '@/features/admin/reports/use-attendance-filter';
import { UsersPanel } from '@/features/admin/users/users-panel';
import { UserFormDialog } from '@/features/admin/users/user-form-dialog';
import { downloadFile } from '@/lib/api/download';
import { trpc } from '@/lib/api/trpc';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';

/** SPEC 2's admin dashboard: filters, counts, charts, user cards, the report popups, the refused duplicate faces and the campus networks. */
export function AdminDashboardPage() {
  useDocumentTitle(MSG.dashboard.titles.admin);
  const filter = useAttendanceFilter();
  const utils = trpc.useUtils();
  const me = trpc.auth.me.useQuery();
  const [shown, setShown] = useState<{ role: 'teacher' | 'student'; pending?: true } | null>(null);
  const [editing, setEditing] = useState<{ user: AdminUser | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [pair, setPair] = useState<PairRow | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportFiltered = async () => {
    setExporting(true);
    try {
      const totals = await utils.admin.charts.fetch(filter.input);
      if (!totals.total) return void toast.info(MSG.admin.noDataToExport);
      await downloadFile('/admin/attendance-details/export.csv', filter.input);
      toast.success(MSG.admin.detailCsvDone);
    } catch {
      toast.error(MSG.admin.loadAttendanceFailed);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div id="top" className="flex min-h-svh bg-muted/30">
      <AdminSidebar />
      <main className="min-w-0 flex-1 px-3 py-6 sm:px-6">
        <div className="mx-auto grid max-w-7xl gap-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-2xl font-semibold">{me.data ? MSG.dashboard.welcome(me.data.username) : MSG.dashboard.titles.admin}</h1>
            <Button onClick={() => setEditing({ user: null })}>
              <UserPlus aria-hidden />
              {MSG.admin.addUser}
            </Button>
          </div>
          <FilterBar
            draft={filter.draft}
            onChange={filter.set}
            onApply={filter.apply}
            onClear={filter.clear}
            onOpenSummary={() => setSummaryOpen(true)}
            onExport={() => void exportFiltered()}
            exporting={exporting}
          />
          <StatCards
            filter={filter.input}
            shown={shown?.role ?? null}
            onShow={(role) => setShown((s) => (s?.role === role ? null : { role }))}
            onShowPending={() => setShown({ role: 'teacher', pending: true })}
          />
          {shown && (
            <UsersPanel
              role={shown.role}
              initialDepartment={filter.applied.department_id}
              initialStatus={shown.pending ? 'pending' : undefined}
              onClose={() => setShown(null)}
              onEdit={(user) => setEditing({ user })}
              onDelete={setDeleting}
            />
          )}
          <AttendanceCharts filter={filter.input} />
          <ShortfallCard filter={filter.input} />
          <DuplicateFacesCard />
          <RuleSettingsCard />
          <CampusNetworksCard />
          <NotFromBrowserFlagCard />
          <MapTilesCard />
        </div>
      </main>
      <UserFormDialog open={Boolean(editing)} user={editing?.user ?? null} onOpenChange={(o) => !o && setEditing(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
      <SummaryDialog open={summaryOpen} filter={filter.input} onOpenChange={setSummaryOpen} onPick={setPair} />
      <DetailDialog pair={pair} filter={filter.input} onClose={() => setPair(null)} />
    </div>
  );
}
