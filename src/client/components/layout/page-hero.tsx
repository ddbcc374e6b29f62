import type { ReactNode } from 'react';

/** Title band at the top of the simple public pages (about, contact). */
export function PageHero({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-hero-from to-hero-to pt-32 pb-14 sm:pt-36">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {intro && <p className="mt-4 text-lg text-pretty text-muted-foreground">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
