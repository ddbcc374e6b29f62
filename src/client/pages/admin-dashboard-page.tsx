import { UserPlus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { LoadingLine } from '@/components/app-state/query-state';
import { Button } from '@/components/ui/button';
import { AdminShell } from '@/features/admin/admin-shell';
import type { AdminUser, PairRow } from '@/features/admin/admin-types';
import { AttendanceCharts } from '@/features/admin/reports/attendance-charts';
import { ShortfallCard } from '@/features/attendance-rule';
import { FilterBar } from '@/features/admin/reports/filter-bar';
import { ReviewRatesCard } from '@/features/admin/reports/review-rates-card';
import { StatCards } from '@/features/admin/stat-cards';
import { useAttendanceFilter } from '@/features/admin/reports/use-attendance-filter';
import { downloadFile } from '@/lib/api/download';
import { trpc } from '@/lib/api/trpc';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { lazyNamed, useOpenedOnce } from '@/lib/deferred-load';

// Closed when the page opens: a stat card's user list, Add User's form, Open Summary and the dialogs they lead to.
// Their code (Radix's dialog, react-hook-form, zod's schemas) comes on the first opening, not with the page: a phone
// ran it all, and rendered the closed dialogs, before it could answer a tap on the filters (Lighthouse TBT).
const UsersPanel = lazyNamed(() => import('@/features/admin/users/users-panel').then((m) => m.UsersPanel));
const UserFormDialog = lazyNamed(() => import('@/features/admin/users/user-form-dialog').then((m) => m.UserFormDialog));
const DeleteUserDialog = lazyNamed(() => import('@/features/admin/users/delete-user-dialog').then((m) => m.DeleteUserDialog));
const SummaryDialog = lazyNamed(() => import('@/features/admin/reports/summary-dialog').then((m) => m.SummaryDialog));
const DetailDialog = lazyNamed(() => import('@/features/admin/reports/detail-dialog').then((m) => m.DetailDialog));

/**
 * SPEC 2's admin dashboard, the portal's Reports page (issue 36): filters, counts (the teacher and student cards list
 * who they count), charts, the rule's shortfall and the report popups. Users, Settings and Messages are pages of
 * their own beside it.
 */
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
  const formWanted = useOpenedOnce(editing !== null);
  const deleteWanted = useOpenedOnce(deleting !== null);
  const summaryWanted = useOpenedOnce(summaryOpen);
  const detailWanted = useOpenedOnce(pair !== null);

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
    <AdminShell
      title={me.data ? MSG.dashboard.welcome(me.data.username) : MSG.dashboard.titles.admin}
      intro={MSG.admin.pages.reportsIntro}
      actions={
        <Button onClick={() => setEditing({ user: null })}>
          <UserPlus aria-hidden />
          {MSG.admin.addUser}
        </Button>
      }
    >
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
        <Suspense fallback={<LoadingLine />}>
          <UsersPanel
            role={shown.role}
            initialDepartment={filter.applied.department_id}
            initialStatus={shown.pending ? 'pending' : undefined}
            onClose={() => setShown(null)}
            onEdit={(user) => setEditing({ user })}
            onDelete={setDeleting}
          />
        </Suspense>
      )}
      <AttendanceCharts filter={filter.input} />
      <ShortfallCard filter={filter.input} />
      <ReviewRatesCard />
      {/* each in a boundary of its own: the detail's code arriving does not hide the summary it was opened from */}
      <Suspense fallback={null}>
        {formWanted && <UserFormDialog open={Boolean(editing)} user={editing?.user ?? null} onOpenChange={(o) => !o && setEditing(null)} />}
      </Suspense>
      <Suspense fallback={null}>{deleteWanted && <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />}</Suspense>
      <Suspense fallback={null}>
        {summaryWanted && <SummaryDialog open={summaryOpen} filter={filter.input} onOpenChange={setSummaryOpen} onPick={setPair} />}
      </Suspense>
      <Suspense fallback={null}>{detailWanted && <DetailDialog pair={pair} filter={filter.input} onClose={() => setPair(null)} />}</Suspense>
    </AdminShell>
  );
}
