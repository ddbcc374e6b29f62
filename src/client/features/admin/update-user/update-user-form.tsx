import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FACE_IMAGES_REQUIRED } from '@shared/constants';
import { MSG } from '@shared/messages';
import { LoadingLine, QueryError } from '@/components/app-state/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Form, FormField } from '@/components/ui/form';
import { FormFieldItem } from '@/components/form-field-item';
import { Input } from '@/components/ui/input';
import { Separator } from '@/components/ui/separator';
import { FaceCaptureField, useCapturedImages } from '@/features/face-capture';
import { FaceChangeHistory } from '@/features/face-changes';
import { NoResponseError } from '@/lib/api/no-response';
import { RestRefusal } from '@/lib/api/retry-after';
import { tokenClaims, userIdFromToken } from '@/lib/auth/token-user';
import { trpc } from '@/lib/api/trpc';
import { type TUpdateUserForm, ZUpdateUserForm } from './update-user-schema';
import { useUpdateUser } from './use-update-user';

/** The enrolled photos, for the student to compare with the new ones before saving. */
function CurrentPhotos({ urls }: { urls: string[] }) {
  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium">{MSG.admin.updateUser.current}</span>
      {urls.length ? (
        <div className="flex flex-wrap gap-2">
          {urls.map((src, i) => (
            <img key={src} src={src} alt={MSG.admin.updateUser.imageAlt(i + 1)} className="size-20 rounded-md border object-cover" />
          ))}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{MSG.admin.updateUser.noImages}</p>
      )}
    </div>
  );
}

/**
 * The /update-user form (SPEC 2): username, phone number and, optionally, three new face photos taken with the same
 * camera overlay and previews as registration (files only when no camera opens). A student's new photos wait for the
 * teacher's approval, which the form keeps saying; an admin also sees the user's face changes.
 */
export function UpdateUserForm({ userId }: { userId: number }) {
  const profile = trpc.account.profile.useQuery({ id: userId });
  const utils = trpc.useUtils();
  // The server decides who may do what; the role read from the token only picks what to show.
  const isAdmin = tokenClaims()?.role === 'admin';
  // An admin on another user's details: the words speak of that person, not of 'your' face and details.
  const other = isAdmin && userIdFromToken() !== userId;
  const update = useUpdateUser(userId, isAdmin);
  const photos = useCapturedImages();
  const form = useForm({
    resolver: zodResolver(ZUpdateUserForm),
    defaultValues: { username: '', phone_number: '', allow_same_face: false },
    // the stored details fill the form, and fill it again once a save has been read back
    values: profile.data ? { username: profile.data.username, phone_number: profile.data.phone_number ?? '', allow_same_face: false } : undefined,
  });
  const count = photos.images.length;
  // The server takes a whole set or none: Save waits while a set is begun, and says why under itself.
  const missing = count > 0 && count < FACE_IMAGES_REQUIRED ? FACE_IMAGES_REQUIRED - count : 0;

  async function save(values: TUpdateUserForm) {
    try {
      await update.mutateAsync({ values, photos: photos.images.map((p) => p.blob) });
      // sent once: a second Save changes the details, not the photos again
      photos.clear();
      form.reset({ ...form.getValues(), allow_same_face: false });
      // Photos that now wait for the teacher are said by the form's own line (one message, in the page: a toast
      // repeating it covered the heading on a phone); details alone have no line of their own.
      if (!utils.account.profile.getData({ id: userId })?.pending_face_change)
        toast.success(other ? MSG.admin.updateUser.savedOther : MSG.admin.updateUser.saved);
    } catch (err) {
      const message =
        err instanceof RestRefusal
          ? (err.body.message ?? MSG.admin.updateUser.failed)
          : err instanceof NoResponseError
            ? MSG.login.noResponse
            : MSG.admin.updateUser.failed;
      form.setError('root.server', { message });
    }
  }

  if (profile.isError) return <QueryError query={profile} message={MSG.admin.updateUser.loadFailed} />;
  if (profile.isPending) return <LoadingLine />;
  const waiting = profile.data.pending_face_change;
  const refusal = form.formState.errors.root?.server?.message;
  return (
    <Card className="w-full">
      <CardContent>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(save)} noValidate className="grid gap-4">
            <FormFieldItem control={form.control} name="username" label={MSG.register.labels.username}>
              {(field) => <Input autoComplete="username" {...field} />}
            </FormFieldItem>
            <FormFieldItem control={form.control} name="phone_number" label={MSG.register.labels.phone} optional>
              {(field) => <Input type="tel" inputMode="numeric" autoComplete="tel" {...field} />}
            </FormFieldItem>
            <Separator />
            <CurrentPhotos urls={profile.data.faceEnrollment.image_urls} />
            {/* a live region there from the start, so the line a save brings is read out */}
            <div role="status">
              {waiting && (
                <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="face-change-waiting">
                  {MSG.faceChange.waiting}
                </p>
              )}
            </div>
            <FaceCaptureField
              images={photos.images}
              onCapture={photos.add}
              onRemove={photos.remove}
              label={MSG.admin.updateUser.images}
              enough={MSG.admin.updateUser.capturedEnough}
              hint={other ? MSG.admin.updateUser.photosHintOther : undefined}
              filesWithoutCamera
            />
            {!isAdmin && profile.data.role === 'student' && <p className="text-sm text-muted-foreground">{MSG.admin.updateUser.teacherApproves}</p>}
            {isAdmin && count > 0 && (
              <FormField
                control={form.control}
                name="allow_same_face"
                render={({ field: { value, onChange, ...field } }) => (
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" checked={value} onChange={(e) => onChange(e.target.checked)} {...field} />
                    {MSG.faceChange.allowSameFace}
                  </label>
                )}
              />
            )}
            {refusal && (
              <p role="alert" className="text-sm text-destructive">
                {refusal}
              </p>
            )}
            <Button type="submit" size="lg" disabled={update.isPending || missing > 0} aria-describedby={missing ? 'update-user-rule' : undefined}>
              {update.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {MSG.admin.updateUser.save}
            </Button>
            {missing > 0 && (
              <p id="update-user-rule" data-testid="save-rule" className="text-sm text-muted-foreground">
                {MSG.admin.updateUser.needThree(missing)}
              </p>
            )}
          </form>
        </Form>
        {isAdmin && profile.data.role === 'student' && (
          <div className="mt-6">
            <FaceChangeHistory studentId={userId} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
