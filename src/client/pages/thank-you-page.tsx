import { CircleCheck } from 'lucide-react';
import { MSG } from '@shared/messages';
import { Card, CardContent, CardDescription, CardHeader, CardHeading } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { ButtonLink } from '@/components/button-link';

export function ThankYouPage() {
  useDocumentTitle(MSG.thankYou.title);
  return (
    <Card className="w-full max-w-md text-center shadow-lg">
      <CardHeader className="items-center gap-4">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-success/15 text-success">
          <CircleCheck className="size-8" aria-hidden />
        </span>
        <CardHeading level="h1" className="text-2xl">
          {MSG.thankYou.title}
        </CardHeading>
        <CardDescription className="text-base">{MSG.thankYou.body}</CardDescription>
      </CardHeader>
      <CardContent>
        <ButtonLink size="lg" className="w-full" to="/login">
          {MSG.thankYou.toLogin}
        </ButtonLink>
      </CardContent>
    </Card>
  );
}
