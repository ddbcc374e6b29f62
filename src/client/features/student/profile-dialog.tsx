import { UserPen } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { PROFILE_IMAGES_MAX } from '@shared/constants';
import { MSG } from '@shared/messages';
import { LoadingLine, QueryError } from '@/components/app-state/query-state';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDateTime, humanize } from '@/lib/format';
import { StatusBadge } from '@/components/status-badge';
import { useStudentProfile } from './student-queries';
import { ButtonLink } from '@/components/button-link';

/** The profile modal of SPEC 2: account fields, enrollment status and up to 3 images (click for fullscreen). */
export function ProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const profile = useStudentProfile(open);
  const [fullscreen, setFullscreen] = useState<string | null>(null);
  const p = profile.data;
  const images = p?.face_enrollment.image_urls.slice(0, PROFILE_IMAGES_MAX) ?? [];
  const fields: [string, ReactNode][] = p
    ? [
        [MSG.student.fields.name, p.username],
        [MSG.student.fields.email, p.email],
        [MSG.student.fields.phone, p.phone_number || MSG.student.notProvided],
        [MSG.student.fields.role, humanize(p.role)],
        [MSG.student.fields.status, <StatusBadge key="s" value={p.status} />],
        [MSG.student.fields.lastLogin, formatDateTime(p.last_login, MSG.student.never)],
        [MSG.student.fields.department, p.department ?? MSG.dashboard.noDepartment],
        [MSG.student.fields.enrollment, <StatusBadge key="e" value={p.face_enrollment.enrollment_status} />],
      ]
    : [];
  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>{MSG.student.profileTitle}</DialogTitle>
            <DialogDescription>{MSG.student.profileDescription}</DialogDescription>
          </DialogHeader>
          {profile.isError ? (
            <QueryError query={profile} message={MSG.student.fetchFailed} />
          ) : profile.isPending ? (
            <LoadingLine className="justify-center" />
          ) : (
            <>
              <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
                {fields.map(([term, value]) => (
                  <div key={term} className="grid gap-1">
                    <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{term}</dt>
                    <dd className="font-medium break-all">{value}</dd>
                  </div>
                ))}
              </dl>
              <section aria-label={MSG.student.enrolledImages} className="grid gap-3">
                <h3 className="text-sm font-semibold">{MSG.student.enrolledImages}</h3>
                {images.length === 0 ? (
                  <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{MSG.student.noImages}</p>
                ) : (
                  <div className="grid grid-cols-3 gap-3">
                    {images.map((src, i) => (
                      <figure key={src} className="grid gap-1.5">
                        <button
                          type="button"
                          onClick={() => setFullscreen(src)}
                          aria-label={MSG.student.openImage(i + 1)}
                          className="overflow-hidden rounded-lg border transition hover:ring-2 hover:ring-ring/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                        >
                          <img src={src} alt={MSG.student.imageAlt(i + 1)} className="aspect-[4/3] w-full object-cover" />
                        </button>
                        <figcaption className="text-xs text-muted-foreground">
                          {MSG.student.capturedAt(formatDateTime(p?.face_enrollment.capture_times[i], '—'))}
                        </figcaption>
                      </figure>
                    ))}
                  </div>
                )}
              </section>
              {/* /update-user: where the face-mismatch advice sends a student for new photos (issue 22). */}
              <div className="flex flex-col gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm text-muted-foreground">{MSG.studentScreens.editDetailsHint}</p>
                <ButtonLink variant="outline" className="shrink-0" to="/update-user">
                  <UserPen aria-hidden />
                  {MSG.studentScreens.editDetails}
                </ButtonLink>
              </div>
            </>
          )}
        </DialogContent>
      </Dialog>
      <Dialog open={fullscreen !== null} onOpenChange={(o) => !o && setFullscreen(null)}>
        <DialogContent className="flex h-svh max-h-none w-screen max-w-none items-center justify-center rounded-none border-0 bg-black/95 p-4 text-white sm:max-w-none">
          <DialogTitle className="sr-only">{MSG.student.enrolledImages}</DialogTitle>
          {fullscreen && <img src={fullscreen} alt={MSG.student.enrolledImages} className="max-h-full max-w-full object-contain" />}
        </DialogContent>
      </Dialog>
    </>
  );
}
