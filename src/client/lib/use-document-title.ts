import { useEffect } from 'react';
import { MSG } from '../../shared/messages';

export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${MSG.app.name}` : MSG.app.name;
  }, [title]);
}
