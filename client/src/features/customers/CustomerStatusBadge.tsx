import { Badge } from '@mantine/core';
import type { CustomerStatus } from './customers';

// Dark shades: the light variant's text is that shade on its own tint (shade 6 is below 4.5:1).
const COLOURS: Record<CustomerStatus, string> = {
  Current: 'teal.9',
  Tentative: 'yellow.9',
  Declined: 'red.9',
  Past: 'gray.8',
};

export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="light" radius="sm" tt="none" fw={600}>
      {status}
    </Badge>
  );
}
