import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { AdminShell } from '@/features/admin/admin-shell';
import type { AdminUser } from '@/features/admin/admin-types';
import { DeleteUserDialog } from '@/features/admin/users/delete-user-dialog';
import { DuplicateFacesCard } from '@/features/admin/users/duplicate-faces-card';
import { UsersPanel } from '@/features/admin/users/users-panel';
import { UserFormDialog } from '@/features/admin/users/user-form-dialog';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { RosterPanel } from '@/features/roster';

const ROLES = ['teacher', 'student'] as const;

/**
 * Issue 36: the portal's Users page: teachers or students (the choice kept in the address, ?role=student), searched,
 * filtered and paged; add, edit, delete; the registrations refused for a duplicate face; and the roster import (issue 39).
 */
export function AdminUsersPage() {
  useDocumentTitle(MSG.admin.pages.users);
  const [params, setParams] = useSearchParams();
  const role = params.get('role') === 'student' ? 'student' : 'teacher';
  const [editing, setEditing] = useState<{ user: AdminUser | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  return (
    <AdminShell
      title={MSG.admin.pages.users}
      intro={MSG.admin.pages.usersIntro}
      actions={
        <Button onClick={() => setEditing({ user: null })}>
          <UserPlus aria-hidden />
          {MSG.admin.addUser}
        </Button>
      }
    >
      <fieldset className="flex w-fit gap-1 rounded-lg border bg-card p-1">
        <legend className="sr-only">{MSG.admin.pages.users}</legend>
        {ROLES.map((r) => (
          <Button key={r} size="sm" variant={role === r ? 'secondary' : 'ghost'} aria-pressed={role === r} onClick={() => setParams({ role: r })}>
            {MSG.admin.usersTitle(r)}
          </Button>
        ))}
      </fieldset>
      <UsersPanel key={role} role={role} initialDepartment="" onEdit={(user) => setEditing({ user })} onDelete={setDeleting} />
      <DuplicateFacesCard />
      <RosterPanel />
      <UserFormDialog open={Boolean(editing)} user={editing?.user ?? null} onOpenChange={(o) => !o && setEditing(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </AdminShell>
  );
}
