import { FIRST_LOAD_MSG } from '@shared/messages/first-load';
import { useGlobalLoading } from '@/lib/loading-store';

/** Full-screen overlay with the animated square loader, shown while the global loading flag is set. */
export function LoadingOverlay() {
  const loading = useGlobalLoading();
  if (!loading) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
      className="fixed inset-0 z-[100] flex items-center justify-center bg-background/60 backdrop-blur-sm"
    >
      <div className="relative size-16">
        <span className="absolute inset-0 animate-square-loader rounded-md border-4 border-primary" />
        <span className="absolute inset-4 animate-square-loader rounded-sm bg-primary/80 [animation-direction:reverse]" />
      </div>
      <span className="sr-only">{FIRST_LOAD_MSG.loader.label}</span>
    </div>
  );
}
