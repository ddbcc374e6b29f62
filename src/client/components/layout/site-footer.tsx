import { Link } from 'react-router';
import { FIRST_LOAD_MSG } from '@shared/messages/first-load';
import { Brand } from '@/components/layout/brand';

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="grid gap-2">
          <Brand />
          <p className="text-sm text-muted-foreground">{FIRST_LOAD_MSG.app.copyright(new Date().getFullYear())}</p>
        </div>
        <nav aria-label={FIRST_LOAD_MSG.nav.footer} className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
          <Link to="/about-us" className="hover:text-foreground">
            {FIRST_LOAD_MSG.nav.about}
          </Link>
          <Link to="/contact-us" className="hover:text-foreground">
            {FIRST_LOAD_MSG.nav.contact}
          </Link>
          <Link to="/login" className="hover:text-foreground">
            {FIRST_LOAD_MSG.nav.login}
          </Link>
          <Link to="/register" className="hover:text-foreground">
            {FIRST_LOAD_MSG.nav.register}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
