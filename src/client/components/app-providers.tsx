import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { TOAST_MS } from '../../shared/constants';
import { LoadingOverlay } from '@/components/loading-overlay';
import { createQueryClient, createTrpcClient, trpc } from '@/lib/trpc';

/** tRPC + TanStack Query, the global loading overlay and the toaster (top-right, 3 s). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {children}
        <LoadingOverlay />
        <Toaster position="top-right" duration={TOAST_MS.default} richColors closeButton />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
