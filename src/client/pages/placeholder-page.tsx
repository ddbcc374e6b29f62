import { Construction } from 'lucide-react';
import { MSG } from '../../shared/messages';
import { PageHero } from '@/components/page-hero';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Stand-in for /face-detection and /update-user until their issues build them. */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <PageHero title={title} intro={MSG.placeholder.comingSoon}>
      <Construction className="mx-auto mt-8 size-10 text-muted-foreground" aria-hidden />
    </PageHero>
  );
}
