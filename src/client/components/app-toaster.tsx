import { Toaster } from 'sonner';
import { TOAST_MS } from '@shared/constants';

const TOAST_TOP_PX = 84;

/** The toaster (top-right, 3 s), a chunk of its own: mounted once a page needs it (lib/toaster-demand.ts). */
export function AppToaster() {
  return (
    // Top-right (SPEC 2) but below the headers (64-80 px tall), so a toast never covers Profile, Logout or Back.
    <Toaster
      position="top-right"
      offset={{ top: TOAST_TOP_PX, right: 16 }}
      mobileOffset={{ top: TOAST_TOP_PX, left: 12, right: 12 }}
      duration={TOAST_MS.default}
      richColors
      closeButton
    />
  );
}
