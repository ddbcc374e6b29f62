import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { HEADER_SCROLL_THRESHOLD_PX } from '@shared/constants';
import { FIRST_LOAD_MSG } from '@shared/messages/first-load';
import { Brand } from '@/components/layout/brand';
import { Button } from '@/components/ui/button';
import { useScrolled } from '@/lib/hooks/use-scrolled';
import { cn } from '@/lib/utils';
import { ButtonLink } from '@/components/button-link';

const LINKS = [
  { to: { pathname: '/', hash: '#features' }, label: FIRST_LOAD_MSG.nav.features },
  { to: { pathname: '/about-us' }, label: FIRST_LOAD_MSG.nav.about },
  { to: { pathname: '/', hash: '#contact' }, label: FIRST_LOAD_MSG.nav.contact },
];

/** Fixed header: transparent over the page top, solid with a shadow after 50 px of scroll (data-scrolled). */
export function SiteHeader() {
  const scrolled = useScrolled(HEADER_SCROLL_THRESHOLD_PX);
  const [open, setOpen] = useState(false);
  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        'fixed inset-x-0 top-0 z-40 transition-all duration-300',
        open
          ? 'border-b bg-background shadow-md'
          : scrolled
            ? 'border-b bg-background/90 shadow-sm backdrop-blur-md'
            : 'border-b border-transparent bg-transparent',
      )}
    >
      <div className={cn('mx-auto flex max-w-6xl items-center justify-between px-4 transition-all sm:px-6', scrolled ? 'h-14' : 'h-18')}>
        <Brand />
        <nav aria-label={FIRST_LOAD_MSG.nav.main} className="hidden items-center gap-1 md:flex">
          {LINKS.map((link) => (
            <ButtonLink key={link.label} variant="ghost" to={link.to}>
              {link.label}
            </ButtonLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <ButtonLink variant="outline" to="/login">
            {FIRST_LOAD_MSG.nav.login}
          </ButtonLink>
          <ButtonLink to="/register">{FIRST_LOAD_MSG.nav.register}</ButtonLink>
        </div>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label={FIRST_LOAD_MSG.nav.menu} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? <X /> : <Menu />}
        </Button>
      </div>
      {open && (
        <nav aria-label={FIRST_LOAD_MSG.nav.main} className="grid gap-1 border-t px-4 py-3 md:hidden">
          {LINKS.map((link) => (
            <Link key={link.label} to={link.to} onClick={() => setOpen(false)} className="rounded-md px-3 py-2 text-sm font-medium hover:bg-accent">
              {link.label}
            </Link>
          ))}
          <div className="mt-2 grid grid-cols-2 gap-2">
            <ButtonLink variant="outline" to="/login">
              {FIRST_LOAD_MSG.nav.login}
            </ButtonLink>
            <ButtonLink to="/register">{FIRST_LOAD_MSG.nav.register}</ButtonLink>
          </div>
        </nav>
      )}
    </header>
  );
}
