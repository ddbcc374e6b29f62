import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { MSG } from '@shared/messages';
import { Brand } from '@/components/layout/brand';
import { Button } from '@/components/ui/button';
import { NoticeBell } from '@/components/layout/notice-bell';
import { useLogout } from '@/lib/auth/use-logout';

/** `actions` go before the notice bell and Logout (the student dashboard's Profile button). */
export function DashboardHeader({ title, name, actions }: { title: string; name?: string; actions?: ReactNode }) {
  const logout = useLogout();
  return (
    <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-4">
          {/* On a phone the bell, Profile and Logout share the row: the name stays on one line. */}
          <Brand className="whitespace-nowrap" />
          <span className="hidden text-sm text-muted-foreground sm:inline">{title}</span>
        </div>
        <div className="flex items-center gap-2 sm:gap-3">
          {name && (
            <span className="hidden items-center gap-2 text-sm font-medium sm:flex">
              <span aria-hidden className="flex size-8 items-center justify-center rounded-full bg-accent text-accent-foreground uppercase">
                {name.charAt(0)}
              </span>
              {name}
            </span>
          )}
          {actions}
          <NoticeBell />
          <Button variant="outline" size="sm" onClick={() => void logout()}>
            <LogOut aria-hidden />
            {MSG.nav.logout}
          </Button>
        </div>
      </div>
    </header>
  );
}
