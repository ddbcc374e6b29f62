import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { MSG } from '../../../shared/messages';
import { ZAdminCreateUser, ZAdminUpdateUser } from '../../../shared/schemas/admin';
import { Button } from '@/components/ui/button';
import { FaceChangeHistory } from '@/features/face-changes';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { trpc } from '@/lib/trpc';
import type { AdminUser } from './admin-types';

const A = MSG.admin;
const L = MSG.register.labels;

type Fields = { username: string; email: string; phone_number: string; role: string; status: string; department: string; password: string };

const fromUser = (u: AdminUser | null): Fields => ({
  username: u?.username ?? '',
  email: u?.email ?? '',
  phone_number: u?.phone_number ?? '',
  role: u?.role ?? 'student',
  status: u?.status === 'inactive' ? 'inactive' : 'active',
  department: u?.department_name ?? '',
  password: '',
});

/** SPEC 5's admin user modal: all fields on add; on edit only the changed ones, and the password only when typed. */
export function UserFormDialog({ open, user, onOpenChange }: { open: boolean; user: AdminUser | null; onOpenChange: (open: boolean) => void }) {
  const editing = Boolean(user);
  const [fields, setFields] = useState<Fields>(fromUser(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const departments = trpc.admin.departments.useQuery();
  const utils = trpc.useUtils();
  useEffect(() => {
    if (open) {
      setFields(fromUser(user));
      setErrors({});
    }
  }, [open, user]);

  const onDone = (message: string) => {
    toast.success(message);
    void utils.admin.invalidate();
    onOpenChange(false);
  };
  const onFail = (err: { data?: { fieldErrors?: Record<string, string[] | string | undefined> | null } | null }) => {
    const fe = err.data?.fieldErrors ?? {};
    setErrors(Object.fromEntries(Object.entries(fe).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? '') : (v ?? '')])));
    toast.error(A.saveFailed);
  };
  const create = trpc.admin.createUser.useMutation({ onSuccess: () => onDone(A.userAdded), onError: onFail });
  const update = trpc.admin.updateUser.useMutation({ onSuccess: () => onDone(A.userUpdated), onError: onFail });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (user) {
      const original = fromUser(user);
      const changes = Object.fromEntries(
        (Object.keys(fields) as (keyof Fields)[])
          .filter((k) => (k === 'password' ? fields.password.trim() !== '' : fields[k] !== original[k]))
          .map((k) => [k, fields[k]]),
      );
      if (!Object.keys(changes).length) return onOpenChange(false);
      const parsed = ZAdminUpdateUser.safeParse(changes);
      if (!parsed.success) return setErrors(firstErrors(parsed.error.issues));
      update.mutate({ id: user.id, changes: parsed.data });
    } else {
      const parsed = ZAdminCreateUser.safeParse(fields);
      if (!parsed.success) return setErrors(firstErrors(parsed.error.issues));
      create.mutate(parsed.data);
    }
  };

  const set = (k: keyof Fields) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setFields((f) => ({ ...f, [k]: e.target.value }));
  const field = (k: keyof Fields, label: string, input: React.ReactNode) => (
    <FormField id={`user-${k}`} label={label} error={errors[k]}>
      {input}
    </FormField>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{user ? A.modal.editTitle(user.username) : A.modal.addTitle}</DialogTitle>
          <DialogDescription>{A.modal.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {field('username', L.username, <Input id="user-username" value={fields.username} onChange={set('username')} />)}
            {field('email', L.email, <Input id="user-email" type="email" value={fields.email} onChange={set('email')} />)}
            {field('phone_number', L.phone, <Input id="user-phone_number" inputMode="numeric" value={fields.phone_number} onChange={set('phone_number')} />)}
            {field(
              'department',
              L.department,
              <NativeSelect id="user-department" value={fields.department} onChange={set('department')}>
                <option value="">{MSG.register.placeholders.department}</option>
                {(departments.data ?? []).map((d) => (
                  <option key={d.id} value={d.name}>
                    {d.name}
                  </option>
                ))}
              </NativeSelect>,
            )}
            {field(
              'role',
              L.role,
              <NativeSelect id="user-role" value={fields.role} onChange={set('role')} disabled={user?.role === 'admin'}>
                <option value="student">{MSG.register.roles.student}</option>
                <option value="teacher">{MSG.register.roles.teacher}</option>
              </NativeSelect>,
            )}
            {field(
              'status',
              A.modal.status,
              <NativeSelect id="user-status" value={fields.status} onChange={set('status')}>
                <option value="active">{A.statuses.active}</option>
                <option value="inactive">{A.statuses.inactive}</option>
              </NativeSelect>,
            )}
          </div>
          {field(
            'password',
            L.password,
            <Input
              id="user-password"
              type="password"
              autoComplete="new-password"
              value={fields.password}
              onChange={set('password')}
              placeholder={editing ? A.passwordPlaceholder : ''}
            />,
          )}
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
              {A.modal.cancel}
            </Button>
            <Button type="submit" disabled={create.isPending || update.isPending}>
              {A.modal.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function firstErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0] ?? 'form')] ??= i.message;
  return out;
}
