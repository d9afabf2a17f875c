import type { ApiScope } from '../shared/api-scopes';
import type { FamilyRole, UserRole } from './db/database';

/** The signed-in caller, as every service sees them. */
export interface AuthenticatedUser {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  city: string | null;
  role: UserRole;
  profileImage: string | null;
  latitude: number | null;
  longitude: number | null;
  nurseryId: number | null;
  shadowTeacherId: number | null;
  /** The family whose children this adult follows; null for staff and teachers. */
  familyId: number | null;
  familyRole: FamilyRole | null;
  createdAt: Date;
}

/**
 * Who is on a /ws connection: with an API token, what it may do (absent for a browser session,
 * which may do all its user may). Each feature's channels check the scope of their own reads.
 */
export interface SocketUser extends AuthenticatedUser {
  tokenScopes?: readonly ApiScope[];
}

/** Whether a connection may follow what `scope` reads: always in a browser session. */
export const socketMay = (user: SocketUser, scope: ApiScope) => !user.tokenScopes || user.tokenScopes.includes(scope);

/** Nursery staff (and admins) work with whole classrooms; everyone else acts for their own family. */
export const isStaff = (user: Pick<AuthenticatedUser, 'role'>) => user.role === 'staff' || user.role === 'admin';
