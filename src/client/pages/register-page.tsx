import { useLocation } from 'react-router';
import { MSG } from '@shared/messages';
import { Card, CardContent, CardDescription, CardHeader, CardHeading } from '@/components/ui/card';
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
    <Card className="w-full max-w-2xl shadow-lg">
      <CardHeader className="text-center">
        <CardHeading level="h1" className="text-2xl">
          {heading}
        </CardHeading>
        <CardDescription>{MSG.register.subtitle}</CardDescription>
      </CardHeader>
      <CardContent>
        <RegisterForm />
      </CardContent>
    </Card>
  );
}
