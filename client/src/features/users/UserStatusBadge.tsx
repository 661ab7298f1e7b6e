import { StatusBadge } from '../../shared/StatusBadge';
import { invitationState, type User } from './users';

/** Active or Inactive; while a person has not accepted their invitation, Invited or Invitation expired (#26). */
export function UserStatusBadge({ user }: { user: Pick<User, 'active' | 'invitationExpiresAt'> }) {
  const invitation = user.active ? invitationState(user) : null;
  if (invitation === 'invited') return <StatusBadge color="indigo">Invited</StatusBadge>;
  if (invitation === 'expired') return <StatusBadge color="red">Invitation expired</StatusBadge>;
  return <StatusBadge color={user.active ? 'teal' : 'gray'}>{user.active ? 'Active' : 'Inactive'}</StatusBadge>;
}
