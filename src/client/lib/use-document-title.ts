import { useEffect } from 'react';
import { SHELL_MSG } from '../../shared/messages/shell';

export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${SHELL_MSG.app.name}` : SHELL_MSG.app.name;
  }, [title]);
}
