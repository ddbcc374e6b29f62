import { CalendarDays, FileUp, LayoutDashboard, ShieldAlert, Users } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '@shared/messages';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DashboardShell } from '@/components/layout/dashboard-shell';
import { StudentsPanel, TeacherOverview, useGeofenceSession } from '@/features/teacher';
import { AtRiskCard } from '@/features/attendance-rule';
import { RosterPanel } from '@/features/roster';
import { TimetablePanel } from '@/features/timetable';

/** /teacher-dashboard: Overview (session, settings, statistics, approvals), Students, Timetable, At risk and Roster tabs (SPEC 2, 4; issues 24, 39). */
export function TeacherDashboardPage() {
  const [tab, setTab] = useState('overview');
  const geofence = useGeofenceSession();
  return (
    <DashboardShell role="teacher" subtitle={MSG.teacher.overviewSubtitle}>
      <Tabs value={tab} onValueChange={setTab}>
        {/* Five tabs are wider than a phone: two rows of three there rather than a page pushed sideways. */}
        <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-fit [&>button]:h-9 [&>button]:px-2 sm:[&>button]:px-4">
          <TabsTrigger value="overview">
            <LayoutDashboard aria-hidden />
            {MSG.teacher.tabs.overview}
          </TabsTrigger>
          <TabsTrigger value="students">
            <Users aria-hidden />
            {MSG.teacher.tabs.students}
          </TabsTrigger>
          <TabsTrigger value="timetable">
            <CalendarDays aria-hidden />
            {MSG.timetable.title}
          </TabsTrigger>
          <TabsTrigger value="at-risk">
            <ShieldAlert aria-hidden />
            {MSG.attendanceRule.atRiskTitle}
          </TabsTrigger>
          <TabsTrigger value="roster">
            <FileUp aria-hidden />
            {MSG.roster.tab}
          </TabsTrigger>
        </TabsList>
        {/* Kept mounted so the settings (department, room code switch) survive a visit to the Students tab. */}
        <TabsContent value="overview" forceMount className="data-[state=inactive]:hidden">
          <TeacherOverview geofence={geofence} onViewStudents={() => setTab('students')} />
        </TabsContent>
        <TabsContent value="students">
          <StudentsPanel live={geofence.active} />
        </TabsContent>
        <TabsContent value="timetable">
          <TimetablePanel onStarted={() => setTab('overview')} />
        </TabsContent>
        <TabsContent value="at-risk">
          <AtRiskCard />
        </TabsContent>
        <TabsContent value="roster">
          <RosterPanel />
        </TabsContent>
      </Tabs>
    </DashboardShell>
  );
}
