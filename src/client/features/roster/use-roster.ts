import { useMutation } from '@tanstack/react-query';
import { restRequest } from '@/lib/api/rest';
import { restData } from '@/lib/api/retry-after';
import { type RouterOutputs, trpc } from '@/lib/api/trpc';

export type RosterPreview = RouterOutputs['teacher']['previewRoster'];
export type RosterImport = RouterOutputs['teacher']['importRoster'];
export type RosterInvitation = RouterOutputs['teacher']['rosterInvitations'][number];

const formOf = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};

/**
 * The roster CSV's two uploads (REST: multipart, field `file`): the preview, which writes nothing, and the import,
 * after which the not-enrolled list is read again.
 */
export function useRosterUpload() {
  const utils = trpc.useUtils();
  const preview = useMutation({
    mutationFn: (file: File) => restRequest<RosterPreview>('/roster/preview', { method: 'POST', formData: formOf(file) }).then(restData),
  });
  const importing = useMutation({
    mutationFn: (file: File) => restRequest<RosterImport>('/roster/import', { method: 'POST', formData: formOf(file) }).then(restData),
    onSuccess: () => utils.teacher.rosterInvitations.invalidate(),
  });
  return { preview, importing };
}
