import { ImageOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { MSG } from '@shared/messages';

const PHOTO = 'aspect-[4/3] w-full rounded-md border object-cover';

/** One account's face photos under a caption; the two accounts of a collision sit side by side, stacked on a phone. */
export function CollisionPhotos({ caption, name, urls, testId }: { caption: ReactNode; name: string; urls: string[]; testId: string }) {
  return (
    <figure className="grid content-start gap-1.5" data-testid={testId}>
      <figcaption className="text-sm font-medium [overflow-wrap:anywhere]">{caption}</figcaption>
      {urls.length ? (
        <div className="grid grid-cols-3 gap-1.5">
          {urls.map((src, i) => (
            <FacePhoto key={src} src={src} alt={MSG.duplicateFace.photoAlt(name, i + 1)} />
          ))}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{MSG.faceChange.noPhotos}</p>
      )}
    </figure>
  );
}

/** A photo the server no longer serves (its account turned away since) shows an empty frame, not a broken image. */
function FacePhoto({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <span role="img" aria-label={alt} className={`${PHOTO} flex items-center justify-center bg-muted text-muted-foreground`}>
        <ImageOff className="size-5" aria-hidden />
      </span>
    );
  return <img src={src} alt={alt} className={PHOTO} onError={() => setFailed(true)} />;
}

/** The waiting account's photos beside the other account's. */
export function CollisionComparison({ children }: { children: ReactNode }) {
  return <div className="grid gap-3 sm:grid-cols-2">{children}</div>;
}
