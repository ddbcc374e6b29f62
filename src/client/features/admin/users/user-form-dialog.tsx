import { type ReactNode, useEffect } from 'react';
import { type ControllerRenderProps, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import type { TAdminCreateUser, TAdminUpdateUser } from '@shared/schemas/admin';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormFieldItem } from '@/components/form-field-item';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { FaceChangeHistory } from '@/features/face-changes';
import { GuardianEmailForm } from '@/features/guardian-email-form';
import { trpc } from '@/lib/api/trpc';
import type { AdminUser } from '../admin-types';
import { fieldsOf, type UserFields, userFormResolver } from './user-form-resolver';

type ServerFieldErrors = { data?: { fieldErrors?: Record<string, string[] | string | undefined> | null } | null };

/** SPEC 5's admin user modal: all fields on add; on edit only the changed ones, and the password only when typed. */
export function UserFormDialog({ open, user, onOpenChange }: { open: boolean; user: AdminUser | null; onOpenChange: (open: boolean) => void }) {
  const form = useForm({ resolver: userFormResolver(user), defaultValues: fieldsOf(user) });
  const departments = trpc.admin.departments.useQuery();
  const utils = trpc.useUtils();
  useEffect(() => {
    if (open) form.reset(fieldsOf(user));
  }, [open, user, form]);

  const onDone = (message: string) => {
    toast.success(message);
    void utils.admin.invalidate();
    onOpenChange(false);
  };
  const onFail = (err: ServerFieldErrors) => {
    for (const [name, v] of Object.entries(err.data?.fieldErrors ?? {})) {
      const message = Array.isArray(v) ? v[0] : v;
      if (message && name in fieldsOf(null)) form.setError(name as keyof UserFields, { message });
    }
    toast.error(MSG.admin.saveFailed);
  };
  const create = trpc.admin.createUser.useMutation({ onSuccess: () => onDone(MSG.admin.userAdded), onError: onFail });
  const update = trpc.admin.updateUser.useMutation({ onSuccess: () => onDone(MSG.admin.userUpdated), onError: onFail });

  const submit = (data: TAdminCreateUser | TAdminUpdateUser) => {
    if (!user) return create.mutate(data as TAdminCreateUser);
    if (!Object.values(data).some((v) => v !== undefined)) return onOpenChange(false);
    update.mutate({ id: user.id, changes: data as TAdminUpdateUser });
  };

  const field = (name: keyof UserFields, label: string, control: (field: ControllerRenderProps<UserFields>) => ReactNode) => (
    <FormFieldItem control={form.control} name={name} label={label}>
      {control}
    </FormFieldItem>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{user ? MSG.admin.modal.editTitle(user.username) : MSG.admin.modal.addTitle}</DialogTitle>
          <DialogDescription>{MSG.admin.modal.description}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {field('username', MSG.register.labels.username, (f) => (
                <Input {...f} />
              ))}
              {field('email', MSG.register.labels.email, (f) => (
                <Input type="email" {...f} />
              ))}
              {field('phone_number', MSG.register.labels.phone, (f) => (
                <Input inputMode="numeric" {...f} />
              ))}
              {field('department', MSG.register.labels.department, (f) => (
                <NativeSelect {...f}>
                  <option value="">{MSG.register.placeholders.department}</option>
                  {(departments.data ?? []).map((d) => (
                    <option key={d.id} value={d.name}>
                      {d.name}
                    </option>
                  ))}
                </NativeSelect>
              ))}
              {field('role', MSG.register.labels.role, (f) => (
                <NativeSelect {...f} disabled={user?.role === 'admin'}>
                  <option value="student">{MSG.register.roles.student}</option>
                  <option value="teacher">{MSG.register.roles.teacher}</option>
                </NativeSelect>
              ))}
              {field('status', MSG.admin.modal.status, (f) => (
                <NativeSelect {...f}>
                  <option value="active">{MSG.admin.statuses.active}</option>
                  <option value="inactive">{MSG.admin.statuses.inactive}</option>
                </NativeSelect>
              ))}
            </div>
            {field('password', MSG.register.labels.password, (f) => (
              <Input type="password" autoComplete="new-password" placeholder={user ? MSG.admin.passwordPlaceholder : ''} {...f} />
            ))}
            {user?.role === 'student' && (
              <div className="grid max-h-64 gap-2 overflow-y-auto rounded-md border p-3">
                {/* An admin's change of photos applies at once and is recorded (see /update-user). */}
                <Link to={`/update-user?id=${user.id}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                  {MSG.faceChange.changePhotos}
                </Link>
                <FaceChangeHistory studentId={user.id} />
              </div>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {MSG.admin.modal.cancel}
              </Button>
              <Button type="submit" disabled={create.isPending || update.isPending}>
                {MSG.admin.modal.save}
              </Button>
            </DialogFooter>
          </form>
        </Form>
        {user?.role === 'student' && <GuardianEmailForm studentId={user.id} />}
      </DialogContent>
    </Dialog>
  );
}
