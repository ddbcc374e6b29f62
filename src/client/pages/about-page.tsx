import { Cpu, Lock, Target, Users } from 'lucide-react';
import { MSG } from '@shared/messages';
import { PageHero } from '@/components/layout/page-hero';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';

const ICONS: Record<string, typeof Target> = { mission: Target, technology: Cpu, privacy: Lock, team: Users };

export function AboutPage() {
  useDocumentTitle(MSG.about.title);
  return (
    <>
      <PageHero title={MSG.about.title} intro={MSG.about.intro} />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-2">
        {MSG.about.sections.map((section) => {
          const Icon = ICONS[section.id];
          return (
            <Card key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} role="region" className="scroll-mt-20">
              <CardHeader className="flex-row items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Icon className="size-5" aria-hidden />
                </span>
                <CardTitle className="text-xl">
                  <h2 id={`${section.id}-title`}>{section.title}</h2>
                </CardTitle>
              </CardHeader>
              <CardContent className="leading-relaxed text-muted-foreground">{section.body}</CardContent>
            </Card>
          );
        })}
      </div>
    </>
  );
}
