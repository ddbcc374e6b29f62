import { Hand } from 'lucide-react';
import { MSG } from '@shared/messages';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardHeading } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, formatTime } from '@/lib/format';
import { StatusBadge } from '@/components/status-badge';
import type { AttendanceList } from './student-queries';

/**
 * Attendance tab: Date, the session (department, teacher, its time), Status (with the manual badge and marker),
 * Check-in Time, and pagination. On a phone the session and check-in go under the date: six columns do not fit.
 */
export function AttendanceHistory({
  data,
  loading,
  page,
  onPageChange,
}: {
  data: AttendanceList | undefined;
  loading: boolean;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const records = data?.attendance_records ?? [];
  return (
    <Card>
      <CardHeader>
        <CardHeading className="text-lg">{MSG.student.historyTitle}</CardHeading>
        <CardDescription>
          {MSG.student.historyDescription}
          {data?.total_records !== undefined && ` ${MSG.student.recordsCount(data.total_records)}`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Table label={MSG.student.historyTitle}>
          <TableHeader>
            <TableRow>
              <TableHead>{MSG.student.columns.date}</TableHead>
              <TableHead className="hidden md:table-cell">{MSG.studentScreens.columns.department}</TableHead>
              <TableHead className="hidden md:table-cell">{MSG.studentScreens.columns.teacher}</TableHead>
              <TableHead className="hidden md:table-cell">{MSG.studentScreens.columns.session}</TableHead>
              <TableHead>{MSG.student.columns.status}</TableHead>
              <TableHead className="hidden sm:table-cell">{MSG.student.columns.checkIn}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {loading && !data
              ? ['a', 'b', 'c'].map((placeholder) => (
                  <TableRow key={placeholder}>
                    <TableCell colSpan={6}>
                      <Skeleton className="h-5 w-full" />
                    </TableCell>
                  </TableRow>
                ))
              : records.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell className="font-medium whitespace-normal">
                      {formatDate(r.timestamp)}
                      {(r.status === 'present' || r.status === 'late') && (
                        <p className="text-xs font-normal text-muted-foreground tabular-nums sm:hidden">{formatTime(r.timestamp)}</p>
                      )}
                      <p className="text-xs font-normal text-muted-foreground md:hidden" data-testid="row-session">
                        {[r.department, r.teacher].filter(Boolean).join(' · ')}
                        <br />
                        <span className="tabular-nums">
                          {MSG.studentScreens.sessionTimes(formatTime(r.session_started_at), formatTime(r.session_ended_at))}
                        </span>
                      </p>
                    </TableCell>
                    <TableCell className="hidden md:table-cell">{r.department}</TableCell>
                    <TableCell className="hidden md:table-cell">{r.teacher ?? '—'}</TableCell>
                    <TableCell className="hidden tabular-nums md:table-cell">
                      {MSG.studentScreens.sessionTimes(formatTime(r.session_started_at), formatTime(r.session_ended_at))}
                    </TableCell>
                    <TableCell className="whitespace-normal">
                      <div className="flex flex-wrap items-center gap-2">
                        <StatusBadge value={r.status} />
                        {(r.reviewed || r.manual_flag) && (
                          <>
                            <Badge variant="outline">
                              <Hand aria-hidden />
                              {/* issue 39: a mark from the student's review request says so */}
                              {r.reviewed ? MSG.review.reviewedByTeacher : MSG.student.markedManually}
                            </Badge>
                            {r.marked_by && <span className="text-xs text-muted-foreground">{MSG.student.markedBy(r.marked_by)}</span>}
                          </>
                        )}
                      </div>
                    </TableCell>
                    <TableCell className="hidden tabular-nums sm:table-cell">
                      {r.status === 'present' || r.status === 'late' ? formatTime(r.timestamp) : '—'}
                    </TableCell>
                  </TableRow>
                ))}
            {data && records.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} className="py-10 text-center text-muted-foreground">
                  {MSG.studentScreens.noSessionsYet}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        {data && data.total_pages > 1 && <Pagination page={page} totalPages={data.total_pages} onPageChange={onPageChange} />}
      </CardContent>
    </Card>
  );
}
