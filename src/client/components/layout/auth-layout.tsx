import { ArrowLeft } from 'lucide-react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FIRST_LOAD_MSG } from '@shared/messages/first-load';
import { Brand } from '@/components/layout/brand';
import { PageSkeleton } from '@/components/app-state/page-skeleton';
import { ButtonLink } from '@/components/button-link';

/** Centered-card layout for login, registration and the thank-you page. */
export function AuthLayout() {
  return (
    <div className="flex min-h-svh flex-col bg-gradient-to-br from-hero-from via-background to-hero-to">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
        <Brand />
        <ButtonLink variant="ghost" size="sm" to="/">
          <ArrowLeft aria-hidden />
          {FIRST_LOAD_MSG.nav.home}
        </ButtonLink>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:items-center sm:pt-0">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
