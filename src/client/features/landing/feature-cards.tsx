import { MapPin, ScanFace, UserPlus } from 'lucide-react';
import { FIRST_LOAD_MSG } from '@shared/messages/first-load';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const ICONS = [UserPlus, MapPin, ScanFace];

export function FeatureCards() {
  return (
    <section id="features" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <h2 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{FIRST_LOAD_MSG.landing.featuresTitle}</h2>
          <p className="mt-3 text-lg text-muted-foreground">{FIRST_LOAD_MSG.landing.featuresSubtitle}</p>
        </div>
        <div className="grid gap-6 md:grid-cols-3">
          {FIRST_LOAD_MSG.landing.features.map((feature, i) => {
            const Icon = ICONS[i];
            return (
              <Card key={feature.title} className="transition-shadow hover:shadow-md">
                <CardHeader className="gap-3">
                  <span className="flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <CardTitle className="text-lg">
                    <h3>{feature.title}</h3>
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <CardDescription className="text-base">{feature.body}</CardDescription>
                </CardContent>
              </Card>
            );
          })}
        </div>
      </div>
    </section>
  );
}
