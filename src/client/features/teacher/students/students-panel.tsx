import { UserPlus } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { SEARCH_DEBOUNCE_MS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardHeading } from '@/components/ui/card';
import { SearchInput } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { refusalText } from '@/lib/api/server-errors';
import { MarkFlags } from '@/components/mark-flags';
import { StatusBadge } from '@/components/status-badge';
import { MarkRestControl } from './mark-rest-control';
import { sessionCaption } from '../teacher-queries';
import { StudentDetailDialog } from './student-detail-dialog';
import { type SessionStudent, sessionOf, useSessionStudents } from '../teacher-queries';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { lazyPreloaded, useOpenedOnce } from '@/lib/deferred-load';

// Opened on demand: its form's schemas load when the page is idle, not in the dashboard's first tasks.
const AddStudentDialog = lazyPreloaded(() => import('./add-student-dialog').then((m) => m.AddStudentDialog));

/** Students tab: debounced search, Add Student, marking the rest, the Name/Status/Timestamp table, row details, pagination. */
export function StudentsPanel({ live }: { live: boolean }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<SessionStudent | null>(null);
  const [adding, setAdding] = useState(false);
  const addMounted = useOpenedOnce(adding);
  useEffect(() => AddStudentDialog.preload(), []);
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const students = useSessionStudents(page, query, live);

  // biome-ignore lint/correctness/useExhaustiveDependencies: back to the first page whenever the search changes
  useEffect(() => setPage(1), [query]);
  useEffect(() => {
    if (students.isError) toast.error(refusalText(students.error, MSG.teacher.fetchStudentsFailed), { id: 'students-failed' });
  }, [students.isError, students.error]);

  const rows = students.data?.students ?? [];
  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5">
          <CardHeading className="text-lg">{MSG.teacher.studentsTitle}</CardHeading>
          <CardDescription>{MSG.teacher.studentsDescription}</CardDescription>
          <p className="text-sm font-medium" data-testid="students-session">
            {sessionCaption(sessionOf(students.data))}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <SearchInput
            wrapperClassName="min-w-0 flex-1 sm:flex-none"
            aria-label={MSG.teacher.search}
            placeholder={MSG.teacher.searchPlaceholder}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="w-full sm:w-64"
          />
          <Button onClick={() => setAdding(true)}>
            <UserPlus aria-hidden />
            {MSG.teacher.addStudent}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <MarkRestControl />
        <Table label={MSG.teacher.studentsTitle}>
          <TableHeader>
            <TableRow>
              <TableHead>{MSG.teacher.columns.name}</TableHead>
              <TableHead>{MSG.teacher.columns.status}</TableHead>
              {/* On a phone the time moves under the name: three columns do not fit 390 px. */}
              <TableHead className="hidden sm:table-cell">{MSG.teacher.columns.timestamp}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((s) => (
              <TableRow key={s.student_id} className="cursor-pointer" onClick={() => setSelected(s)}>
                <TableCell className="whitespace-normal">
                  <button
                    type="button"
                    className="text-left font-medium break-all hover:underline rounded-sm focus-visible:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  >
                    {s.name}
                  </button>
                  <p className="text-xs break-all text-muted-foreground">{s.roll_number ? `${s.roll_number} · ${s.email}` : s.email}</p>
                  {s.timestamp && <p className="text-xs text-muted-foreground tabular-nums sm:hidden">{formatDateTime(s.timestamp)}</p>}
                  <MarkFlags flags={s.flags} name={s.name} className="mt-1" />
                </TableCell>
                <TableCell>
                  <StatusBadge value={s.marked ? s.status : null} label={s.marked ? undefined : MSG.teacher.notMarked} />
                  {s.reviewed && <p className="mt-1 text-xs text-muted-foreground">{MSG.review.reviewedByTeacher}</p>}
                </TableCell>
                <TableCell className="hidden text-muted-foreground tabular-nums sm:table-cell">{formatDateTime(s.timestamp, '—')}</TableCell>
              </TableRow>
            ))}
            {students.data && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={3} className="py-10 text-center text-muted-foreground">
                  {MSG.teacher.noStudents}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        {(students.data?.totalPages ?? 1) > 1 && <Pagination page={page} totalPages={students.data!.totalPages} onPageChange={setPage} />}
      </CardContent>
      <StudentDetailDialog student={selected} session={sessionOf(students.data)} onClose={() => setSelected(null)} />
      {addMounted && (
        <Suspense fallback={null}>
          <AddStudentDialog open={adding} onOpenChange={setAdding} />
        </Suspense>
      )}
    </Card>
  );
}
