import { History, LayoutDashboard, UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '../../shared/messages';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DashboardShell } from '@/components/dashboard-shell';
import { tokenClaims } from '@/lib/token-user';
import { useGeolocation } from '@/lib/use-geolocation';
import { AttendanceHistory, ProfileDialog, useStudentAttendance, StudentOverview, useMarkAttendance } from '@/features/student';

const M = MSG.student;

/** /student-dashboard: Overview and Attendance tabs, the Profile modal and the marking flow (SPEC 2, 4). */
export function StudentDashboardPage() {
  const [tab, setTab] = useState('overview');
  const [page, setPage] = useState(1);
  const [profileOpen, setProfileOpen] = useState(false);
  // Admins may open this page (SPEC 6) but have no attendance of their own: the student calls are for students.
  const isStudent = tokenClaims()?.role === 'student';
  const overview = useStudentAttendance(1, isStudent);
  const history = useStudentAttendance(page, isStudent && tab === 'attendance');
  const geo = useGeolocation();
  const { mark, busy } = useMarkAttendance(geo.locate);
  const failed = overview.isError || history.isError;

  useEffect(() => {
    if (failed) toast.error(M.fetchFailed, { id: 'student-fetch-failed' });
  }, [failed]);

  const profileButton = (
    <Button variant="ghost" size="sm" onClick={() => setProfileOpen(true)} disabled={!isStudent}>
      <UserRound aria-hidden />
      {M.profile}
    </Button>
  );
  return (
    <DashboardShell role="student" subtitle={isStudent ? M.overviewSubtitle : M.adminNote} actions={profileButton}>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="overview">
            <LayoutDashboard aria-hidden />
            {M.tabs.overview}
          </TabsTrigger>
          <TabsTrigger value="attendance">
            <History aria-hidden />
            {M.tabs.attendance}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <StudentOverview attendance={overview.data} geo={geo} onMark={mark} marking={busy} />
        </TabsContent>
        <TabsContent value="attendance">
          <AttendanceHistory data={history.data} loading={history.isFetching} page={page} onPageChange={setPage} />
        </TabsContent>
      </Tabs>
      {isStudent && <ProfileDialog open={profileOpen} onOpenChange={setProfileOpen} />}
    </DashboardShell>
  );
}
