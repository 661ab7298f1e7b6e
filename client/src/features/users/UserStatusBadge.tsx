import { Badge } from '@mantine/core';

export function UserStatusBadge({ active }: { active: boolean }) {
  return (
    <Badge variant="light" color={active ? 'teal' : 'gray'} radius="sm" tt="none" fw={600}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
