import type { Role } from './constants';

/** The JWT payload the server signs and the client decodes (SPEC section 3, Session token). */
export interface TokenPayload {
  user_id: number;
  role: Role;
  username: string;
  exp: number;
  iat?: number;
  /** The user's token version when signed: a later bump (logout, password change, deactivation) revokes it. */
  tv?: number;
  /** A random id per login: a face proof is spent only by the login that earned it. Absent from older tokens. */
  jti?: string;
}
