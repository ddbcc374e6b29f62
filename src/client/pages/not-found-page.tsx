import { FIRST_LOAD_MSG } from '@shared/messages/first-load';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { ButtonLink } from '@/components/button-link';

export function NotFoundPage() {
  useDocumentTitle(FIRST_LOAD_MSG.notFound);
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 px-4 text-center">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{FIRST_LOAD_MSG.notFound}</h1>
      <ButtonLink variant="outline" to="/">
        {FIRST_LOAD_MSG.nav.home}
      </ButtonLink>
    </main>
  );
}
