import { useId, useState } from 'react';
import { FACE_IMAGES_REQUIRED, MAX_IMAGE_BYTES } from '@shared/constants';
import { MSG } from '@shared/messages';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * The photos as files, offered only once no camera could be opened (no camera, a refusal, or a page the browser
 * gives no camera to). Each file joins the same previews as a capture; one over the size limit or past the third is
 * left out, said here, in the field, and not in a toast.
 */
export function PhotoFiles({ count, onAdd }: { count: number; onAdd: (file: File) => void }) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);

  function choose(files: File[]) {
    let room = FACE_IMAGES_REQUIRED - count;
    let left: string | null = null;
    for (const file of files) {
      if (file.size > MAX_IMAGE_BYTES) left = MSG.register.imagesTooLarge;
      else if (room <= 0) left = MSG.capture.max;
      else {
        onAdd(file);
        room -= 1;
      }
    }
    setProblem(left);
  }

  return (
    <div data-testid="photo-files" className="grid gap-2 rounded-lg border border-dashed p-3 text-sm">
      <p role="status">{MSG.capture.noCamera}</p>
      <Label htmlFor={id}>{MSG.capture.chooseFiles}</Label>
      <Input
        id={id}
        type="file"
        accept="image/jpeg,image/png"
        multiple
        disabled={count >= FACE_IMAGES_REQUIRED}
        onChange={(e) => {
          choose([...(e.target.files ?? [])]);
          // the same file may be chosen again after its preview was removed
          e.target.value = '';
        }}
      />
      {problem && (
        <p role="alert" className="text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
