import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { AppProviders } from '@/components/app-providers';
import { wantToaster } from '@/lib/toaster-demand';

/**
 * The routes that talk to the server sit under this layout, which is a chunk of its own: the landing and about pages
 * (a first visit's pages) load neither the tRPC client, TanStack Query nor the toaster.
 */
export function DataLayout() {
  useEffect(wantToaster, []);
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}
