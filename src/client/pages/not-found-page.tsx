import { Link } from 'react-router';
import { FIRST_LOAD_MSG } from '@shared/messages/first-load';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';

export function NotFoundPage() {
  useDocumentTitle(FIRST_LOAD_MSG.notFound);
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 px-4 text-center">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{FIRST_LOAD_MSG.notFound}</h1>
      <Button variant="outline" asChild>
        <Link to="/">{FIRST_LOAD_MSG.nav.home}</Link>
      </Button>
    </main>
  );
}
