import { Mail } from 'lucide-react';
import { FIRST_LOAD_MSG } from '@shared/messages/first-load';
import { ButtonLink } from '@/components/button-link';

export function ContactBand() {
  return (
    <section id="contact" className="scroll-mt-20 pb-20 sm:pb-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex flex-col items-center gap-6 rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg sm:px-12 md:flex-row md:text-left">
          <span className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-white/15">
            <Mail className="size-7" aria-hidden />
          </span>
          <div className="grid flex-1 gap-2">
            <h2 className="text-2xl font-bold tracking-tight">{FIRST_LOAD_MSG.landing.contactTitle}</h2>
            <p className="text-primary-foreground/85">{FIRST_LOAD_MSG.landing.contactBody}</p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <ButtonLink size="lg" variant="secondary" to="/contact-us">
              {FIRST_LOAD_MSG.landing.contactCta}
            </ButtonLink>
            <ButtonLink size="lg" variant="ghost" className="text-primary-foreground hover:bg-white/10 hover:text-primary-foreground" to="/about-us">
              {FIRST_LOAD_MSG.landing.aboutCta}
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
