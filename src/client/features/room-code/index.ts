/** The classroom projector's room code view (issue 19). */
export { RoomCodeView } from './room-code-view';
