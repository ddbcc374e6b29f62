import { useParams } from 'react-router';
import { MSG } from '@shared/messages';
import { LoadingLine } from '@/components/app-state/query-state';
import { AuthCard } from '@/components/layout/auth-card';
import { InvitationForm } from '@/features/register';
import { refusalText } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { ButtonLink } from '@/components/button-link';

/** /invite/:token (issue 39): a roster invitation opens registration at its password and photos; a spent or expired link says so. */
export function InvitePage() {
  useDocumentTitle(MSG.invitations.pageTitle);
  const { token = '' } = useParams();
  const invitation = trpc.auth.invitation.useQuery({ token }, { retry: false, staleTime: Number.POSITIVE_INFINITY });
  return (
    <AuthCard wide title={MSG.invitations.pageTitle} description={invitation.data && MSG.invitations.pageSubtitle(invitation.data.department)}>
      {invitation.isPending && <LoadingLine />}
      {invitation.isError && (
        <div className="grid justify-items-center gap-4 text-center">
          <p role="alert">{refusalText(invitation.error, MSG.invitations.invalid)}</p>
          <ButtonLink variant="outline" to="/login">
            {MSG.invitations.loginLink}
          </ButtonLink>
        </div>
      )}
      {invitation.data && <InvitationForm token={token} invited={invitation.data} />}
    </AuthCard>
  );
}
