import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient, createTrpcClient, trpc } from '@/lib/api/trpc';

// One of each per page load, not per mount: the providers mount again when a visit moves between the route table's
// branches (DataLayout), and the cached server data must survive that.
const queryClient = createQueryClient();
const trpcClient = createTrpcClient();

/** tRPC + TanStack Query, for the routes that talk to the server (DataLayout). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
