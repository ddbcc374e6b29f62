import { Suspense, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { PendingFaceChangesSection } from '@/features/face-changes';
import { PendingLeaveSection } from '@/features/leave';
import { refusalText } from '@/lib/api/server-errors';
import { GeofenceSettingsCard } from './geofence-settings/geofence-settings-card';
import { geofenceStorage } from './session/geofence-storage';
import { PendingStudentsSection } from './approvals/pending-students-section';
import { ApprovalsSummary } from './approvals/approvals-summary';
import { StopConfirmDialog } from './session/stop-confirm-dialog';
import { ReviewQueueCard } from './review/review-queue-card';
import { AttendanceStatusCard, QuickActionsCard } from './session/session-cards';
import { RecentAttendanceCard, StudentStatsCard } from './student-cards';
import { useDepartments, useSessionStudents, useTeacherProfile } from './teacher-queries';
import type { useGeofenceSession } from './session/use-geofence-session';
import { useStartPreferences } from './geofence-settings/use-start-preferences';
import { lazyPreloaded, useDeferredMount, useOpenedOnce } from '@/lib/deferred-load';
import { Skeleton } from '@/components/ui/skeleton';

// The start dialog's code (its checks share the server's schemas) loads as the pointer or focus reaches Start, a moment
// before the press: loaded when the page went idle, it still ran in a phone's first seconds, where Lighthouse counts it.
const RadiusDialog = lazyPreloaded(() => import('./geofence-settings/radius-dialog').then((m) => m.RadiusDialog));

/** Overview tab: the five cards of SPEC 2 plus the pending-students section. */
export function TeacherOverview({ geofence, onViewStudents }: { geofence: ReturnType<typeof useGeofenceSession>; onViewStudents: () => void }) {
  const profile = useTeacherProfile();
  const departments = useDepartments();
  const students = useSessionStudents(1, '', geofence.active);
  const preferences = useStartPreferences();
  const [department, setDepartment] = useState<number | null>(null);
  const [choosing, setChoosing] = useState(false);
  const startMounted = useOpenedOnce(choosing);
  const approvals = useRef<HTMLDivElement>(null);
  // The approvals' sections sit below a phone's first screen: they render when the page is idle (or when the summary's
  // link to one is followed), so the dashboard's first render is the part a phone shows (Lighthouse TBT, issue 36).
  const [approvalsShown, showApprovals] = useDeferredMount(approvals);
  const [busy, setBusy] = useState(false);
  const [stopping, setStopping] = useState(false);
  const { session } = geofence;
  // Issue 36: after a start, focus goes to Stop (not <main>), so a keyboard user is where the next action is.
  const stopButton = useRef<HTMLButtonElement>(null);
  const focusStop = useRef(false);
  // Once the start has finished: Stop is disabled while it runs.
  useEffect(() => {
    if (geofence.active && !busy && focusStop.current) {
      focusStop.current = false;
      stopButton.current?.focus();
    }
  }, [geofence.active, busy]);

  useEffect(() => {
    if (department === null && profile.data?.department) setDepartment(profile.data.department.id);
  }, [profile.data, department]);
  useEffect(() => {
    if (students.isError) toast.error(refusalText(students.error, MSG.teacher.fetchStudentsFailed), { id: 'students-failed' });
  }, [students.isError, students.error]);

  async function run(task: () => Promise<void>) {
    setBusy(true);
    try {
      await task();
    } finally {
      setBusy(false);
    }
  }

  const stored = geofenceStorage.read();
  const location = session ? { latitude: session.latitude, longitude: session.longitude } : null;
  const all = students.data?.allStudents ?? [];
  return (
    <div className="grid gap-6">
      <ApprovalsSummary beforeGoTo={() => flushSync(showApprovals)} />
      <ReviewQueueCard live={geofence.active} />
      {/* min-w-0: a long name or email in a card truncates instead of widening the column past a phone's screen. */}
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3 [&>*]:min-w-0">
        <QuickActionsCard
          active={geofence.active}
          busy={busy || geofence.status.isPending}
          onViewStudents={onViewStudents}
          onStart={() => setChoosing(true)}
          onStartIntent={RadiusDialog.load}
          onStop={() => setStopping(true)}
          onExtend={() => void geofence.extend()}
          extending={geofence.extending}
          roomCode={session?.room_code_required ?? false}
          stopRef={stopButton}
        />
        <AttendanceStatusCard
          active={geofence.active}
          location={location ?? stored.location}
          department={session?.department.name ?? null}
          remaining={geofence.remaining}
          endsAt={session?.session_end_time ?? null}
          radius={session?.radius ?? null}
        />
        <StudentStatsCard students={all} running={geofence.active} />
        <GeofenceSettingsCard
          departments={departments.data ?? []}
          department={session?.department.id ?? department}
          onDepartmentChange={setDepartment}
          active={geofence.active}
          requireRoomCode={preferences.requireRoomCode}
          onRequireRoomCodeChange={preferences.setRequireRoomCode}
        />
        <RecentAttendanceCard students={all} onViewAll={onViewStudents} />
      </div>
      <div ref={approvals} className="grid gap-6 xl:grid-cols-2">
        {approvalsShown ? (
          <>
            <PendingStudentsSection />
            <PendingLeaveSection />
            <PendingFaceChangesSection />
          </>
        ) : (
          <Skeleton className="h-[40rem]" />
        )}
      </div>
      {startMounted && (
        <Suspense fallback={null}>
          <RadiusDialog
            open={choosing}
            onOpenChange={setChoosing}
            initialCustom={preferences.customRadius}
            defaultMinutes={geofence.defaultMinutes}
            onChoose={(choice) => {
              if (choice.customRadius !== null) preferences.rememberCustomRadius(choice.customRadius);
              void run(async () => {
                focusStop.current = true;
                const departmentId = department ?? profile.data?.department?.id ?? '';
                if (!(await geofence.start(choice.radius, departmentId, preferences.requireRoomCode, choice.lateAfterMinutes, choice.durationMinutes)))
                  focusStop.current = false;
              });
            }}
          />
        </Suspense>
      )}
      <StopConfirmDialog open={stopping} onOpenChange={setStopping} geofence={geofence} onConfirm={() => void run(geofence.stop)} />
    </div>
  );
}
