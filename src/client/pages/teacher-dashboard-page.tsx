import { FileUp, LayoutDashboard, ShieldAlert, Users } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '@shared/messages';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DashboardShell } from '@/components/layout/dashboard-shell';
import { StudentsPanel, TeacherOverview, useGeofenceSession } from '@/features/teacher';
import { AtRiskCard } from '@/features/attendance-rule';
import { RosterPanel } from '@/features/roster';

/** /teacher-dashboard: Overview (session, settings, statistics, approvals), Students, At risk and Roster (issue 39) tabs (SPEC 2, 4). */
export function TeacherDashboardPage() {
  const [tab, setTab] = useState('overview');
  const geofence = useGeofenceSession();
  return (
    <DashboardShell role="teacher" subtitle={MSG.teacher.overviewSubtitle}>
      <Tabs value={tab} onValueChange={setTab}>
        {/* Four tabs do not fit a 390 px row: two rows of two on a phone. */}
        <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-fit">
          <TabsTrigger value="overview">
            <LayoutDashboard aria-hidden />
            {MSG.teacher.tabs.overview}
          </TabsTrigger>
          <TabsTrigger value="students">
            <Users aria-hidden />
            {MSG.teacher.tabs.students}
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
