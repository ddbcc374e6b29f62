import { useState } from 'react';
import { InvitationsCard } from './invitations-card';
import { RosterImportCard } from './roster-import-card';

/** Issue 39: the roster import and the students it invited who have not enrolled, for a teacher or an admin. */
export function RosterPanel() {
  // The links made in this visit, by student: the server keeps only their hashes.
  const [links, setLinks] = useState<ReadonlyMap<number, string>>(new Map());
  const addLinks = (added: { user_id: number; link: string }[]) => setLinks((old) => new Map([...old, ...added.map((a) => [a.user_id, a.link] as const)]));
  return (
    <div className="grid gap-6">
      <RosterImportCard onImported={(result) => addLinks(result.invitations.map((i) => ({ user_id: i.recipient.user_id, link: i.link })))} />
      <InvitationsCard links={links} onLink={(user_id, link) => addLinks([{ user_id, link }])} />
    </div>
  );
}
