import { useEffect } from 'react';
import { FIRST_LOAD_MSG } from '@shared/messages/first-load';

export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${FIRST_LOAD_MSG.app.name}` : FIRST_LOAD_MSG.app.name;
  }, [title]);
}
