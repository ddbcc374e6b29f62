import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '../../shared/messages';
import { Button } from '@/components/ui/button';
import { UpdateUserForm } from '@/features/admin/update-user/update-user-form';
import { decodeToken, getToken, homeForRole } from '@/lib/auth/session';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';

/**
 * /update-user: the signed-in user's own details, or (for an admin) the user named by ?id=. The site header is fixed
 * over the page top: the page starts below it (as PageHero does), and a signed-in user gets the way back.
 */
export function UpdateUserPage() {
  useDocumentTitle(MSG.admin.updateUser.title);
  const [params] = useSearchParams();
  const token = getToken();
  let ownId: number | null = null;
  let role: string | undefined;
  try {
    const claims = token ? decodeToken(token) : null;
    ownId = claims ? Number(claims.user_id) || null : null;
    role = claims?.role;
  } catch {
    ownId = null;
  }
  const id = Number(params.get('id')) || ownId;
  return (
    <section data-testid="update-user-page" className="mx-auto w-full max-w-6xl px-4 pt-28 pb-16 sm:px-6 sm:pt-32">
      {token && id ? (
        <div className="mx-auto grid w-full max-w-xl gap-4">
          <Button variant="ghost" size="sm" asChild className="justify-self-start">
            <Link to={homeForRole(role)}>
              <ArrowLeft aria-hidden />
              {MSG.verification.backToDashboard}
            </Link>
          </Button>
          <UpdateUserForm userId={id} />
        </div>
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
