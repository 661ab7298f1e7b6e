import { StatusBadge } from '../../shared/StatusBadge';

export function UserStatusBadge({ active }: { active: boolean }) {
  return <StatusBadge color={active ? 'teal' : 'gray'}>{active ? 'Active' : 'Inactive'}</StatusBadge>;
}
