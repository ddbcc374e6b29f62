/** Issue 39's roster import: the CSV's preview and import, and the invitations of who has not enrolled. */
export { RosterPanel } from './roster-panel';
