import { useEffect } from 'react';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { RoomCodeView } from '@/features/room-code';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';

/** /room-code: the full-screen code and QR for the classroom projector (issue 19). */
export function RoomCodePage() {
  useDocumentTitle(MSG.roomCode.viewTitle);
  // The dashboard's toasts (e.g. "Geofencing started") would sit over the code on a narrow screen: the projector shows none.
  useEffect(() => {
    toast.dismiss();
  }, []);
  return <RoomCodeView />;
}
