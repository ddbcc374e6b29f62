import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { TOAST_MS } from '../../shared/constants';
import { LoadingOverlay } from '@/components/loading-overlay';
import { createQueryClient, createTrpcClient, trpc } from '@/lib/trpc';

const TOAST_TOP_PX = 84;

/** tRPC + TanStack Query, the global loading overlay and the toaster (top-right, 3 s). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {children}
        <LoadingOverlay />
        {/* Top-right (SPEC 2) but below the headers (64-80 px tall), so a toast never covers Profile, Logout or Back. */}
        <Toaster
          position="top-right"
          offset={{ top: TOAST_TOP_PX, right: 16 }}
          mobileOffset={{ top: TOAST_TOP_PX, left: 12, right: 12 }}
          duration={TOAST_MS.default}
          richColors
          closeButton
        />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
