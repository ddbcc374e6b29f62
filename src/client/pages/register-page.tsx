import { useLocation } from 'react-router';
import { MSG } from '@shared/messages';
import { AuthCard } from '@/components/layout/auth-card';
import { RegisterForm } from '@/features/register';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';

/** Navigation state `{ isStudent: true }` (e.g. a teacher's Add Student) switches the heading to Student Registration. */
export interface RegisterLocationState {
  isStudent?: boolean;
}

export function RegisterPage() {
  const state = useLocation().state as RegisterLocationState | null;
  const heading = state?.isStudent ? MSG.register.headingStudent : MSG.register.headingUser;
  useDocumentTitle(heading);
  return (
    <AuthCard wide title={heading} description={MSG.register.subtitle}>
      <RegisterForm />
    </AuthCard>
  );
}
