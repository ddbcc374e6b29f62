import { ArrowRight, MapPin, ScanFace, ShieldCheck } from 'lucide-react';
import { FIRST_LOAD_MSG } from '@shared/messages/first-load';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/button-link';

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-hero-from to-hero-to pt-32 pb-20 sm:pt-40 sm:pb-28">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-[1.2fr_1fr]">
        <div className="grid gap-6 text-center lg:text-left">
          <Badge variant="outline" className="mx-auto gap-1.5 bg-background/70 px-3 py-1 text-sm lg:mx-0">
            <ShieldCheck className="text-primary" aria-hidden />
            {FIRST_LOAD_MSG.landing.badge}
          </Badge>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">{FIRST_LOAD_MSG.landing.heroTitle}</h1>
          <p className="mx-auto max-w-2xl text-lg text-pretty text-muted-foreground lg:mx-0">{FIRST_LOAD_MSG.landing.heroSubtitle}</p>
          <div className="flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <ButtonLink size="lg" to="/register">
              {FIRST_LOAD_MSG.nav.register}
              <ArrowRight aria-hidden />
            </ButtonLink>
            <ButtonLink size="lg" variant="outline" className="bg-background/70" to="/login">
              {FIRST_LOAD_MSG.nav.login}
            </ButtonLink>
          </div>
        </div>
        <GeofenceIllustration />
      </div>
    </section>
  );
}

/** Decorative: concentric geofence rings around a face scan and a location pin. */
function GeofenceIllustration() {
  return (
    <div aria-hidden className="relative mx-auto hidden aspect-square w-full max-w-sm lg:block">
      <div className="absolute inset-0 rounded-full border-2 border-dashed border-primary/25" />
      <div className="absolute inset-10 rounded-full bg-primary/5 ring-1 ring-primary/15" />
      <div className="absolute inset-24 rounded-full bg-primary/10 ring-1 ring-primary/25" />
      <div className="absolute inset-0 flex items-center justify-center">
        <div className="flex size-24 items-center justify-center rounded-2xl bg-background shadow-xl ring-1 ring-border">
          <ScanFace className="size-12 text-primary" strokeWidth={1.5} />
        </div>
      </div>
      <div className="absolute top-10 right-12 flex size-12 items-center justify-center rounded-full bg-background shadow-lg ring-1 ring-border">
        <MapPin className="size-6 text-destructive" />
      </div>
      <div className="absolute bottom-14 left-8 flex size-11 items-center justify-center rounded-full bg-success text-white shadow-lg">
        <ShieldCheck className="size-5" />
      </div>
    </div>
  );
}
