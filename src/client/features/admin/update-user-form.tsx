import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FACE_IMAGES_REQUIRED } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { LoadingLine, QueryError } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { FaceChangeHistory } from '@/features/face-changes';
import { NoResponseError } from '@/lib/no-response';
import { restRequest } from '@/lib/rest';
import { decodeToken, getToken } from '@/lib/session';
import { trpc } from '@/lib/trpc';

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
  const [username, setUsername] = useState('');
  const [phone, setPhone] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [allowSameFace, setAllowSameFace] = useState(false);
  const isAdmin = viewerRole() === 'admin';
  useEffect(() => {
    if (profile.data) {
      setUsername(profile.data.username);
      setPhone(profile.data.phone_number ?? '');
    }
  }, [profile.data]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (files.length !== 0 && files.length !== FACE_IMAGES_REQUIRED) return setError(MSG.admin.imagesNeedThree);
    const form = new FormData();
    form.append('username', username);
    form.append('phone_number', phone);
    if (isAdmin && allowSameFace) form.append('allow_same_face', 'true');
    for (const f of files) form.append('images', f);
    setSaving(true);
    setError('');
    try {
      const res = await restRequest<unknown>(`/update/${userId}`, { method: 'PUT', formData: form });
      if (!res.ok) return setError(res.data.message ?? U.failed);
      setFiles([]);
      await utils.account.profile.invalidate({ id: userId });
      // The profile says whether new photos now wait for the teacher; the form keeps showing it below.
      toast.success(utils.account.profile.getData({ id: userId })?.pending_face_change ? MSG.faceChange.waiting : U.saved);
    } catch (err) {
      setError(err instanceof NoResponseError ? MSG.login.noResponse : U.failed);
    } finally {
      setSaving(false);
    }
  };

  if (profile.isError) return <QueryError query={profile} message={U.loadFailed} />;
  if (profile.isPending) return <LoadingLine />;
  const images = profile.data.faceEnrollment.image_urls;
  const waiting = profile.data.pending_face_change;
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <CardTitle className="text-2xl">
          <h1>{U.title}</h1>
        </CardTitle>
        <CardDescription>{U.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField id="update-username" label={MSG.register.labels.username}>
            <Input id="update-username" value={username} onChange={(e) => setUsername(e.target.value)} />
          </FormField>
          <FormField id="update-phone" label={MSG.register.labels.phone} optional>
            <Input id="update-phone" inputMode="numeric" value={phone} onChange={(e) => setPhone(e.target.value)} />
          </FormField>
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
          <FormField id="update-images" label={U.images} optional>
            <Input id="update-images" type="file" accept="image/jpeg,image/png" multiple onChange={(e) => setFiles([...(e.target.files ?? [])])} />
          </FormField>
          {isAdmin && files.length > 0 && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={allowSameFace} onChange={(e) => setAllowSameFace(e.target.checked)} />
              {MSG.faceChange.allowSameFace}
            </label>
          )}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" disabled={saving}>
            {saving && <Loader2 className="animate-spin" aria-hidden />}
            {U.save}
          </Button>
        </form>
        {isAdmin && profile.data.role === 'student' && (
          <div className="mt-6">
            <FaceChangeHistory studentId={userId} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
