import { History, LayoutDashboard, UserRound } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DashboardShell } from '@/components/layout/dashboard-shell';
import { tokenClaims } from '@/lib/auth/token-user';
import { useGeolocation } from '@/lib/device/use-geolocation';
import { LeaveRequestCard } from '@/features/leave';
import { ReviewRequestCard } from '@/features/review-request';
import { PermissionHelp } from '@/components/permission-help';
import {
  AttendanceHistory,
  SessionBanner,
  StepResultNote,
  StudentOverview,
  useMarkAttendance,
  useOpenSession,
  useRoomCodeEntry,
  useStudentAttendance,
} from '@/features/student';
import { StandingCard } from '@/features/attendance-standing';
import { lazyNamed } from '@/lib/deferred-load';

// Closed until the student asks for it: its code (Radix's dialog, 37 KB) comes on the first open, not with the page.
const ProfileDialog = lazyNamed(() => import('@/features/student/profile-dialog').then((m) => m.ProfileDialog));

/**
 * /student-dashboard: the session banner with Mark Attendance and what the last try came to (issue 22: on a phone's
 * first screen), Overview and Attendance tabs, the Profile modal and the marking flow (SPEC 2, 4).
 */
export function StudentDashboardPage() {
  const [tab, setTab] = useState('overview');
  const [page, setPage] = useState(1);
  const [profileOpen, setProfileOpen] = useState(false);
  const [profileWanted, setProfileWanted] = useState(false);
  // Admins may open this page (SPEC 6) but have no attendance of their own: the student calls are for students.
  const isStudent = tokenClaims()?.role === 'student';
  const overview = useStudentAttendance(1, isStudent);
  const geo = useGeolocation();
  const roomCode = useRoomCodeEntry();
  const { mark, busy, result } = useMarkAttendance(geo.locate, roomCode);
  const openSession = useOpenSession(isStudent);
  const locationTrouble = geo.status === 'error' && geo.error !== 'unsupported' ? (geo.error === 'denied' ? 'blocked' : 'unavailable') : null;
  const locationHelp = locationTrouble && <PermissionHelp permission="location" trouble={locationTrouble} onRetry={() => void geo.locate()} />;
  // Beside Mark Attendance while a session is open, where it stops the student; otherwise in the Current Location
  // card. A box that appeared above the page as it loads (the phone's answer comes after the first paint) would push
  // the whole page down: the first load's largest layout shift (CLS 0.15), for help nobody can act on yet.
  const helpOnTop = openSession.session !== null;
  const failed = overview.isError;
  const startedFromLink = useRef(false);

  // Arriving from the classroom QR code starts the flow at once, as Mark Attendance does: the code lives 15 s.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per arrival; the ref keeps StrictMode from marking twice
  useEffect(() => {
    if (!roomCode.fromLink || !isStudent || startedFromLink.current) return;
    startedFromLink.current = true;
    void mark(roomCode.fromLink);
  }, []);

  useFetchFailedToast(failed);

  const profileButton = (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => {
        setProfileWanted(true);
        setProfileOpen(true);
      }}
      disabled={!isStudent}
    >
      <UserRound aria-hidden />
      {MSG.student.profile}
    </Button>
  );
  return (
    <DashboardShell role="student" subtitle={isStudent ? MSG.student.overviewSubtitle : MSG.student.adminNote} actions={profileButton}>
      {isStudent && (
        <div className="grid gap-3">
          <SessionBanner open={openSession} onMark={() => void mark()} marking={busy} roomCode={roomCode} />
          <StepResultNote result={result} />
          <ReviewRequestCard refreshKey={result} />
          {helpOnTop && locationHelp}
        </div>
      )}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="overview">
            <LayoutDashboard aria-hidden />
            {MSG.student.tabs.overview}
          </TabsTrigger>
          <TabsTrigger value="attendance">
            <History aria-hidden />
            {MSG.student.tabs.attendance}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="grid gap-6">
          {isStudent && <StandingCard />}
          <StudentOverview attendance={overview.data} student={isStudent} geo={geo} locationHelp={helpOnTop ? null : locationHelp} />
          {isStudent && <LeaveRequestCard />}
        </TabsContent>
        <TabsContent value="attendance">
          <HistoryTab page={page} onPageChange={setPage} student={isStudent} />
        </TabsContent>
      </Tabs>
      {isStudent && profileWanted && (
        <Suspense fallback={null}>
          <ProfileDialog open={profileOpen} onOpenChange={setProfileOpen} />
        </Suspense>
      )}
    </DashboardShell>
  );
}

function useFetchFailedToast(failed: boolean) {
  useEffect(() => {
    if (failed) toast.error(MSG.student.fetchFailed, { id: 'student-fetch-failed' });
  }, [failed]);
}

/**
 * The Attendance tab's history, its query with it: the page's first render (the Overview tab) sets up no observer for
 * a list nobody has asked for yet (part of the first load's main thread, issue 36). The page keeps the page number.
 */
function HistoryTab({ page, onPageChange, student }: { page: number; onPageChange: (page: number) => void; student: boolean }) {
  const history = useStudentAttendance(page, student);
  useFetchFailedToast(history.isError);
  return <AttendanceHistory data={history.data} loading={history.isFetching} page={page} onPageChange={onPageChange} />;
}
