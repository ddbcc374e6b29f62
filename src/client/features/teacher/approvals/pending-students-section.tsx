import { Building2, ChevronRight, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '@shared/messages';
import { EmptyState, QueryState } from '@/components/app-state/query-state';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PendingListDialog } from './pending-list-dialog';
import { usePendingStudents } from '../teacher-queries';

/** Pending students by department: a card per department with its count; a click opens the list. */
export function PendingStudentsSection() {
  const pending = usePendingStudents();
  const [openId, setOpenId] = useState<number | null>(null);
  const groups = pending.data ?? [];
  const open = groups.find((g) => g.id === openId) ?? null;
  return (
    <Card id="approvals-students" tabIndex={-1} className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <UserCheck className="size-5 text-primary" aria-hidden />
          <h2>{MSG.teacher.pending.title}</h2>
        </CardTitle>
        <CardDescription>{MSG.teacher.pending.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={pending}
          failed={MSG.teacher.pending.loadFailed}
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState boxed>{MSG.teacher.pending.none}</EmptyState>}
        >
          {(list) => (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {list.map((g) => (
                <li key={g.id}>
                  <button
                    type="button"
                    onClick={() => setOpenId(g.id)}
                    className="group flex w-full items-center gap-3 rounded-xl border bg-card p-4 text-left shadow-xs transition hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  >
                    <span aria-hidden className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                      <Building2 className="size-5" />
                    </span>
                    <span className="flex-1">
                      <span className="block font-semibold">{g.department_name}</span>
                      <Badge variant="secondary" className="mt-1">
                        {MSG.teacher.pending.count(g.students.length)}
                      </Badge>
                    </span>
                    <ChevronRight className="size-4 text-muted-foreground transition group-hover:translate-x-0.5" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      <PendingListDialog group={open} onClose={() => setOpenId(null)} />
    </Card>
  );
}
