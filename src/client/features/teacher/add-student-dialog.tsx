import { Camera, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '../../../shared/messages';
import { ZTeacherAddStudentInput } from '../../../shared/schemas/class-tools';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { isServerRefusal, refusalText } from '@/lib/server-errors';
import { trpc } from '@/lib/trpc';
import { useTeacherProfile } from './teacher-queries';

const A = MSG.addStudent;
const EMPTY = { username: '', email: '', phone_number: '', password: '' };
type Fields = typeof EMPTY;

/** The first message of each field, from the shared schema (the server checks the same). */
function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Partial<Record<keyof Fields, string>> = {};
  for (const issue of issues) errors[String(issue.path[0]) as keyof Fields] ??= issue.message;
  return errors;
}

/**
 * The teacher's own Add Student: an active student of the teacher's department at once. No photos here: the student
 * adds them at first login and the teacher approves them (the face-change flow), so a class list can be typed in.
 */
export function AddStudentDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const profile = useTeacherProfile();
  const utils = trpc.useUtils();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const add = trpc.teacher.addStudent.useMutation();
  const department = profile.data?.department?.name ?? null;

  useEffect(() => {
    if (open) {
      setFields(EMPTY);
      setErrors({});
    }
  }, [open]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = ZTeacherAddStudentInput.safeParse(fields);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    try {
      const res = await add.mutateAsync(parsed.data);
      toast.success(res.message);
      await utils.teacher.invalidate();
      onOpenChange(false);
    } catch (err) {
      const fe: Record<string, string | string[] | undefined> = (isServerRefusal(err) && err.data.fieldErrors) || {};
      setErrors(Object.fromEntries(Object.entries(fe).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
      toast.error(refusalText(err, A.failed));
    }
  }

  const set = (k: keyof Fields) => (e: React.ChangeEvent<HTMLInputElement>) => setFields((f) => ({ ...f, [k]: e.target.value }));
  const invalid = (k: keyof Fields) => ({ 'aria-invalid': Boolean(errors[k]), 'aria-describedby': errors[k] ? `add-${k}-error` : undefined });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{A.title}</DialogTitle>
          <DialogDescription>{department ? A.description(department) : A.noDepartment}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="add-username" label={A.name} error={errors.username}>
              <Input id="add-username" autoComplete="off" value={fields.username} onChange={set('username')} {...invalid('username')} />
            </FormField>
            <FormField id="add-phone_number" label={A.phone} error={errors.phone_number}>
              <Input id="add-phone_number" inputMode="numeric" value={fields.phone_number} onChange={set('phone_number')} {...invalid('phone_number')} />
            </FormField>
          </div>
          <FormField id="add-email" label={A.email} error={errors.email}>
            <Input id="add-email" type="email" autoComplete="off" value={fields.email} onChange={set('email')} {...invalid('email')} />
          </FormField>
          <FormField id="add-password" label={A.password} error={errors.password} hint={<p className="text-xs text-muted-foreground">{A.passwordHint}</p>}>
            <PasswordInput id="add-password" autoComplete="new-password" value={fields.password} onChange={set('password')} {...invalid('password')} />
          </FormField>
          <p className="flex gap-2 rounded-lg bg-muted/60 p-3 text-sm text-muted-foreground">
            <Camera className="mt-0.5 size-4 shrink-0" aria-hidden />
            {A.faceHint}
          </p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {A.cancel}
            </Button>
            <Button type="submit" disabled={add.isPending || !department}>
              <UserPlus aria-hidden />
              {A.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
