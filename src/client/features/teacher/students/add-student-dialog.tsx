import { zodResolver } from '@hookform/resolvers/zod';
import { Camera, UserPlus } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { type TTeacherAddStudentInput, ZTeacherAddStudentInput } from '@shared/schemas/attendance/class-tools';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { FormFieldItem } from '@/components/form-field-item';
import { Input } from '@/components/ui/input';
import { isServerRefusal, refusalText } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';
import { useTeacherProfile } from '../teacher-queries';

const EMPTY = { username: '', email: '', phone_number: '', password: '' };
const NAMES = Object.keys(EMPTY) as (keyof typeof EMPTY)[];

/**
 * The teacher's own Add Student: an active student of the teacher's department at once. No photos here: the student
 * adds them at first login and the teacher approves them (the face-change flow), so a class list can be typed in.
 * Checked by the server's own schema (ZTeacherAddStudentInput) before it is sent.
 */
export function AddStudentDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const profile = useTeacherProfile();
  const utils = trpc.useUtils();
  const form = useForm({ resolver: zodResolver(ZTeacherAddStudentInput), defaultValues: EMPTY });
  const add = trpc.teacher.addStudent.useMutation();
  const department = profile.data?.department?.name ?? null;

  useEffect(() => {
    if (open) form.reset(EMPTY);
  }, [open, form]);

  async function submit(values: TTeacherAddStudentInput) {
    try {
      const res = await add.mutateAsync(values);
      toast.success(res.message);
      await utils.teacher.invalidate();
      onOpenChange(false);
    } catch (err) {
      const fe: Record<string, string | string[] | undefined> = (isServerRefusal(err) && err.data.fieldErrors) || {};
      for (const name of NAMES) {
        const message = Array.isArray(fe[name]) ? fe[name][0] : fe[name];
        if (message) form.setError(name, { message });
      }
      toast.error(refusalText(err, MSG.addStudent.failed));
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{MSG.addStudent.title}</DialogTitle>
          <DialogDescription>{department ? MSG.addStudent.description(department) : MSG.addStudent.noDepartment}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormFieldItem control={form.control} name="username" label={MSG.addStudent.name}>
                {(field) => <Input autoComplete="off" {...field} />}
              </FormFieldItem>
              <FormFieldItem control={form.control} name="phone_number" label={MSG.addStudent.phone}>
                {(field) => <Input inputMode="numeric" {...field} />}
              </FormFieldItem>
            </div>
            <FormFieldItem control={form.control} name="email" label={MSG.addStudent.email}>
              {(field) => <Input type="email" autoComplete="off" {...field} />}
            </FormFieldItem>
            <FormFieldItem
              control={form.control}
              name="password"
              label={MSG.addStudent.password}
              below={<p className="text-xs text-muted-foreground">{MSG.addStudent.passwordHint}</p>}
            >
              {(field) => <PasswordInput autoComplete="new-password" {...field} />}
            </FormFieldItem>
            <p className="flex gap-2 rounded-lg bg-muted/60 p-3 text-sm text-muted-foreground">
              <Camera className="mt-0.5 size-4 shrink-0" aria-hidden />
              {MSG.addStudent.faceHint}
            </p>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {MSG.addStudent.cancel}
              </Button>
              <Button type="submit" disabled={add.isPending || !department}>
                <UserPlus aria-hidden />
                {MSG.addStudent.submit}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
