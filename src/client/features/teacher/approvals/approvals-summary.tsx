import { CalendarOff, ScanFace, UserCheck } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { MSG } from '@shared/messages';
import { Badge } from '@/components/ui/badge';
import { usePendingFaceChanges } from '@/features/face-changes';
import { trpc } from '@/lib/api/trpc';
import { cn } from '@/lib/utils';
import { usePendingStudents } from '../teacher-queries';

/** Moves to a section below and gives it the focus, so a keyboard or screen reader user lands there too. */
function goTo(id: string) {
  const section = document.getElementById(id);
  section?.scrollIntoView({ block: 'start' });
  section?.focus({ preventScroll: true });
}

/**
 * Issue 36: the counts of what waits for the teacher (pending students, leave requests, face changes), at the top of
 * the dashboard on every size; each links to its section, far below on a phone.
 */
export function ApprovalsSummary({ beforeGoTo }: { beforeGoTo?: () => void }) {
  const students = usePendingStudents();
  const leave = trpc.teacher.pendingLeaveRequests.useQuery();
  const faces = usePendingFaceChanges();
  const items: { id: string; label: string; icon: LucideIcon; count: number | undefined }[] = [
    { id: 'approvals-students', label: MSG.approvalsSummary.students, icon: UserCheck, count: students.data?.reduce((n, g) => n + g.students.length, 0) },
    { id: 'approvals-leave', label: MSG.approvalsSummary.leave, icon: CalendarOff, count: leave.data?.length },
    { id: 'approvals-face-changes', label: MSG.approvalsSummary.faceChanges, icon: ScanFace, count: faces.data?.length },
  ];
  return (
    <nav aria-label={MSG.approvalsSummary.label} data-testid="approvals-summary">
      <ul className="flex flex-wrap gap-2">
        {items.map(({ id, label, icon: Icon, count }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              onClick={(e) => {
                e.preventDefault();
                // the sections may not be rendered yet (they come when the page is idle)
                beforeGoTo?.();
                goTo(id);
              }}
              className={cn(
                'inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1.5 text-sm font-medium shadow-xs outline-none hover:bg-accent',
                'focus-visible:ring-[3px] focus-visible:ring-ring/50',
                count && 'border-primary/40',
              )}
              data-testid={`${id}-count`}
            >
              <Icon aria-hidden className="size-4 text-primary" />
              {label}
              {/* One width from the placeholder to a two-digit count: the pills wrap the same before and after the
                  data, so the cards below do not jump. */}
              <Badge variant={count ? 'default' : 'secondary'} className="min-w-[calc(2ch+1rem)] tabular-nums">
                {count ?? '…'}
              </Badge>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
