import { Link, useSearchParams } from 'react-router';
import { MSG } from '../../shared/messages';
import { Button } from '@/components/ui/button';
import { UpdateUserForm } from '@/features/admin/update-user-form';
import { decodeToken, getToken } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /update-user: the signed-in user's own details, or (for an admin) the user named by ?id=. */
export function UpdateUserPage() {
  useDocumentTitle(MSG.admin.updateUser.title);
  const [params] = useSearchParams();
  const token = getToken();
  let ownId: number | null = null;
  try {
    ownId = token ? Number(decodeToken(token).user_id) || null : null;
  } catch {
    ownId = null;
  }
  const id = Number(params.get('id')) || ownId;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      {token && id ? (
        <UpdateUserForm userId={id} />
      ) : (
        <div className="grid justify-items-center gap-4 text-center">
          <p>{MSG.admin.updateUser.loginFirst}</p>
          <Button asChild>
            <Link to="/login">{MSG.nav.login}</Link>
          </Button>
        </div>
      )}
    </section>
  );
}
