import { ArrowLeft } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { MSG } from '@shared/messages';
import { DashboardShell } from '@/components/layout/dashboard-shell';
import { AdminShell } from '@/features/admin/admin-shell';
import { UpdateUserForm } from '@/features/admin/update-user/update-user-form';
import { homeForRole } from '@/lib/auth/session';
import { tokenClaims, userIdFromToken } from '@/lib/auth/token-user';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { ButtonLink } from '@/components/button-link';

/** An admin's /update-user: in the portal, filed under Users when it is another user's (the Users list links here). */
function AdminUpdateUser({ id, other }: { id: number; other: boolean }) {
  const title = other ? MSG.admin.updateUser.adminTitle : MSG.admin.updateUser.title;
  useDocumentTitle(title);
  return (
    <AdminShell
      title={title}
      intro={other ? MSG.admin.updateUser.adminIntro : MSG.admin.updateUser.description}
      width="max-w-2xl"
      section={other ? '/admin-dashboard/users' : undefined}
    >
      <UpdateUserForm userId={id} />
    </AdminShell>
  );
}

/**
 * /update-user (signed in, every role: the route guard sends a visitor to log in and back here): the user's own
 * details, or for an admin the user named by ?id=. Each role meets it in its own frame: a student or a teacher under
 * their dashboard's header, an admin in the portal.
 */
export function UpdateUserPage() {
  const [params] = useSearchParams();
  const role = tokenClaims()?.role;
  const ownId = userIdFromToken();
  const asked = Number(params.get('id')) || null;
  if (role === 'admin') return <AdminUpdateUser id={asked ?? ownId ?? 0} other={asked !== null && asked !== ownId} />;
  return (
    <DashboardShell role={role === 'teacher' ? 'teacher' : 'student'} heading={MSG.admin.updateUser.title} subtitle={MSG.admin.updateUser.description}>
      <div className="grid w-full max-w-xl gap-4">
        <ButtonLink variant="ghost" size="sm" className="justify-self-start" to={homeForRole(role)}>
          <ArrowLeft aria-hidden />
          {MSG.verification.backToDashboard}
        </ButtonLink>
        {/* Another user's ?id= is an admin's: anyone else edits their own details (the server says the same). */}
        <UpdateUserForm userId={ownId ?? 0} />
      </div>
    </DashboardShell>
  );
}
