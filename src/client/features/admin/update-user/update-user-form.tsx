import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { MSG } from '../../../../shared/messages';
import { LoadingLine, QueryError } from '@/components/app-state/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { FaceChangeHistory } from '@/features/face-changes';
import { NoResponseError } from '@/lib/api/no-response';
import { RestRefusal } from '@/lib/api/retry-after';
import { decodeToken, getToken } from '@/lib/auth/session';
import { trpc } from '@/lib/api/trpc';
import { type TUpdateUserForm, ZUpdateUserForm } from './update-user-schema';
import { useUpdateUser } from './use-update-user';

const U = MSG.admin.updateUser;

/** The signed-in user's role, read from the token (the server decides; this only picks what to show). */
function viewerRole(): string | null {
  try {
    const token = getToken();
    return token ? decodeToken(token).role : null;
  } catch {
    return null;
  }
}

/**
 * The /update-user form (SPEC 2): username, phone number and, optionally, three new face images. A student's new
 * images wait for the teacher's approval, which the form keeps saying; an admin also sees the user's face changes.
 */
export function UpdateUserForm({ userId }: { userId: number }) {
  const profile = trpc.account.profile.useQuery({ id: userId });
  const utils = trpc.useUtils();
  const isAdmin = viewerRole() === 'admin';
  const update = useUpdateUser(userId, isAdmin);
  const form = useForm({
    resolver: zodResolver(ZUpdateUserForm),
    defaultValues: { username: '', phone_number: '', images: [], allow_same_face: false },
    // the stored details fill the form, and fill it again once a save has been read back
    values: profile.data ? { username: profile.data.username, phone_number: profile.data.phone_number ?? '', images: [], allow_same_face: false } : undefined,
  });
  const chosen = useWatch({ control: form.control, name: 'images' });

  async function save(values: TUpdateUserForm) {
    try {
      await update.mutateAsync(values);
      // sent once: a second Save changes the details, not the photos again
      form.reset({ ...form.getValues(), images: [], allow_same_face: false });
      // The profile says whether new photos now wait for the teacher; the form keeps showing it below.
      toast.success(utils.account.profile.getData({ id: userId })?.pending_face_change ? MSG.faceChange.waiting : U.saved);
    } catch (err) {
      const message = err instanceof RestRefusal ? (err.body.message ?? U.failed) : err instanceof NoResponseError ? MSG.login.noResponse : U.failed;
      form.setError('root.server', { message });
    }
  }

  if (profile.isError) return <QueryError query={profile} message={U.loadFailed} />;
  if (profile.isPending) return <LoadingLine />;
  const images = profile.data.faceEnrollment.image_urls;
  const waiting = profile.data.pending_face_change;
  const refusal = form.formState.errors.root?.server?.message;
  return (
    <Card className="w-full">
      <CardContent>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(save)} noValidate className="grid gap-4">
            <FormField
              control={form.control}
              name="username"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{MSG.register.labels.username}</FormLabel>
                  <FormControl>
                    <Input {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="phone_number"
              render={({ field }) => (
                <FormItem>
                  <FormLabel optional>{MSG.register.labels.phone}</FormLabel>
                  <FormControl>
                    <Input inputMode="numeric" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <div className="grid gap-2">
              <span className="text-sm font-medium">{U.current}</span>
              {images.length ? (
                <div className="flex flex-wrap gap-2">
                  {images.map((src, i) => (
                    <img key={src} src={src} alt={U.imageAlt(i + 1)} className="size-20 rounded-md border object-cover" />
                  ))}
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">{U.noImages}</p>
              )}
            </div>
            {waiting && (
              <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="face-change-waiting">
                {MSG.faceChange.waiting}
              </p>
            )}
            <FormField
              control={form.control}
              name="images"
              render={({ field: { value: _files, onChange, ...field } }) => (
                <FormItem>
                  <FormLabel optional>{U.images}</FormLabel>
                  <FormControl>
                    {/* a file input cannot be given a value: the form keeps the chosen files, the input shows them */}
                    <Input type="file" accept="image/jpeg,image/png" multiple onChange={(e) => onChange([...(e.target.files ?? [])])} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            {isAdmin && chosen.length > 0 && (
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
            <Button type="submit" disabled={update.isPending}>
              {update.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {U.save}
            </Button>
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
