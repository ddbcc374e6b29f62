import { MSG } from '@shared/messages';

/** A labelled row of face photos (signed URLs), or a plain "No photos". */
export function PhotoRow({ label, urls, testId }: { label: string; urls: string[]; testId: string }) {
  return (
    <figure className="grid gap-1.5" data-testid={testId}>
      <figcaption className="text-xs font-medium text-muted-foreground">{label}</figcaption>
      {urls.length ? (
        <div className="flex flex-wrap gap-1.5">
          {urls.map((src, i) => (
            <img key={src} src={src} alt={`${label} ${i + 1}`} className="size-16 rounded-md border object-cover" />
          ))}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{MSG.faceChange.noPhotos}</p>
      )}
    </figure>
  );
}
