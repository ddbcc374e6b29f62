import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '../../../shared/messages';
import { PendingFaceChangesSection } from '@/features/face-changes';
import { PendingLeaveSection } from '@/features/leave';
import { refusalText } from '@/lib/api/server-errors';
import { GeofenceSettingsCard } from './geofence-settings/geofence-settings-card';
import { geofenceStorage } from './session/geofence-storage';
import { PendingStudentsSection } from './approvals/pending-students-section';
import { RadiusDialog } from './geofence-settings/radius-dialog';
import { StopConfirmDialog } from './session/stop-confirm-dialog';
import { AttendanceStatusCard, QuickActionsCard } from './session/session-cards';
import { RecentAttendanceCard, StudentStatsCard } from './student-cards';
import { useDepartments, useSessionStudents, useTeacherProfile } from './teacher-queries';
import type { useGeofenceSession } from './session/use-geofence-session';
import { useRadiusSettings } from './geofence-settings/use-radius-settings';

/** Overview tab: the five cards of SPEC 2 plus the pending-students section. */
export function TeacherOverview({ geofence, onViewStudents }: { geofence: ReturnType<typeof useGeofenceSession>; onViewStudents: () => void }) {
  const profile = useTeacherProfile();
  const departments = useDepartments();
  const students = useSessionStudents(1, '', geofence.active);
  const radius = useRadiusSettings();
  const [department, setDepartment] = useState<number | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [stopping, setStopping] = useState(false);
  const { session } = geofence;

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
      {/* min-w-0: a long name or email in a card truncates instead of widening the column past a phone's screen. */}
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3 [&>*]:min-w-0">
        <QuickActionsCard
          active={geofence.active}
          busy={busy || geofence.status.isPending}
          onViewStudents={onViewStudents}
          onStart={() => setChoosing(true)}
          onStop={() => setStopping(true)}
          roomCode={session?.room_code_required ?? false}
        />
        <AttendanceStatusCard
          active={geofence.active}
          location={location ?? stored.location}
          department={session?.department.name ?? null}
          remaining={geofence.remaining}
          radius={session?.radius ?? null}
        />
        <StudentStatsCard students={all} running={geofence.active} />
        <GeofenceSettingsCard
          departments={departments.data ?? []}
          department={session?.department.id ?? department}
          onDepartmentChange={setDepartment}
          active={geofence.active}
          activeRadius={session?.radius ?? radius.chosenRadius}
          radius={radius}
        />
        <RecentAttendanceCard students={all} onViewAll={onViewStudents} />
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <PendingStudentsSection />
        <PendingLeaveSection />
        <PendingFaceChangesSection />
      </div>
      <RadiusDialog
        open={choosing}
        onOpenChange={setChoosing}
        initialCustom={radius.chosenRadius}
        onChoose={(r, lateAfter) => {
          // One radius: what the dialog chose is what the settings card shows from now on.
          radius.adopt(r);
          void run(() => geofence.start(r, department ?? profile.data?.department?.id ?? '', radius.requireRoomCode, lateAfter));
        }}
      />
      <StopConfirmDialog open={stopping} onOpenChange={setStopping} geofence={geofence} onConfirm={() => void run(geofence.stop)} />
    </div>
  );
}
