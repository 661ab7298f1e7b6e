import { Badge } from '@mantine/core';

export function UserStatusBadge({ active }: { active: boolean }) {
  return (
    // A dark shade: the light variant's text is that shade on its own tint (shade 6 is below 4.5:1).
    <Badge variant="light" color={active ? 'teal.9' : 'gray.8'} radius="sm" tt="none" fw={600}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
