import { StatusBadge } from '../../shared/StatusBadge';
import type { CustomerStatus } from './customers';

const COLOURS = { Current: 'teal', Tentative: 'indigo', Declined: 'red', Past: 'gray' } as const;

export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  return <StatusBadge color={COLOURS[status]}>{status}</StatusBadge>;
}
