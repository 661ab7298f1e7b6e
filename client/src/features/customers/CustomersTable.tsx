import { SkeletonRows } from '../../shared/SkeletonRows';
import { ActionIcon, Anchor, Group, Table, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { CustomerStatusBadge } from './CustomerStatusBadge';
import { contactName, customerLabel, type Customer, type CustomerSortBy, type CustomersQuery } from './customers';

const COLUMNS: { key: CustomerSortBy; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'status', label: 'Status' },
];

/** The Customer List on wider screens: name (to the detail), email, phone, status, delete; each column sorts. */
export function CustomersTable({
  customers,
  query,
  onSort,
  onDelete,
}: {
  customers: Customer[] | undefined;
  query: CustomersQuery;
  onSort: (column: CustomerSortBy) => void;
  onDelete: (customer: Customer) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            {COLUMNS.map(({ key, label }) => {
              const sorted = query.sortBy === key;
              const Icon = !sorted ? IconArrowsSort : query.sortDir === 'asc' ? IconArrowUp : IconArrowDown;
              const next = sorted && query.sortDir === 'asc' ? 'descending' : 'ascending';
              return (
                <Table.Th
                  key={key}
                  aria-sort={sorted ? (query.sortDir === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  <UnstyledButton onClick={() => onSort(key)} aria-label={`Sort by ${label.toLowerCase()}, ${next}`}>
                    <Group gap={4} wrap="nowrap">
                      <Text fw={600} size="sm">
                        {label}
                      </Text>
                      <Icon size={14} color={sorted ? undefined : 'var(--mantine-color-gray-6)'} />
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
            <Table.Th w={64}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customers === undefined ? (
            <SkeletonRows rows={6} columns={COLUMNS.length + 1} />
          ) : (
            customers.map((customer) => {
              const label = customerLabel(customer);
              const contact = contactName(customer);
              return (
                <Table.Tr key={customer.id}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.customer(customer.id)} fw={600} c="navy.8" size="sm">
                      {label}
                    </Anchor>
                    {contact !== label && (
                      <Text size="xs" c="dimmed">
                        {contact}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={customer.contactEmail ? undefined : 'dimmed'}>
                      {customer.contactEmail ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={customer.contactPhone ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                      {customer.contactPhone ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <CustomerStatusBadge status={customer.status} />
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${label}`}
                        onClick={() => onDelete(customer)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
