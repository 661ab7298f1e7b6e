import { ActionIcon, Box, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { CustomerStatusBadge } from './CustomerStatusBadge';
import { contactName, customerLabel, type Customer } from './customers';

/** The Customer List on a phone: one card per customer that opens it, with its delete. */
export function CustomerCards({
  customers,
  onDelete,
}: {
  customers: Customer[] | undefined;
  onDelete: (customer: Customer) => void;
}) {
  const navigate = useNavigate();
  if (customers === undefined)
    return (
      <Stack p="md" gap="lg">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={48} />
        ))}
      </Stack>
    );
  return (
    <Stack component="ul" gap={0} p={0} m={0} aria-label="Customers" style={{ listStyle: 'none' }}>
      {customers.map((customer, index) => {
        const label = customerLabel(customer);
        const contact = contactName(customer);
        return (
          <Group
            key={customer.id}
            component="li"
            p="md"
            gap="sm"
            wrap="nowrap"
            align="flex-start"
            aria-label={label}
            style={index ? { borderTop: '1px solid var(--app-border)' } : undefined}
          >
            <UnstyledButton style={{ flex: 1, minWidth: 0 }} onClick={() => navigate(paths.customer(customer.id))}>
              <Group gap={8} wrap="nowrap" justify="space-between">
                <Text fw={600} c="navy.8">
                  {label}
                </Text>
                <CustomerStatusBadge status={customer.status} />
              </Group>
              {contact !== label && <Text size="sm">{contact}</Text>}
              {customer.contactEmail && (
                <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  {customer.contactEmail}
                </Text>
              )}
              {customer.contactPhone && (
                <Text size="sm" c="gray.7">
                  {customer.contactPhone}
                </Text>
              )}
            </UnstyledButton>
            <Box>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${label}`}
                onClick={() => onDelete(customer)}
              >
                <IconTrash size={18} />
              </ActionIcon>
              <IconChevronRight
                size={18}
                color="var(--mantine-color-gray-5)"
                aria-hidden
                style={{ display: 'block', margin: '8px auto 0' }}
              />
            </Box>
          </Group>
        );
      })}
    </Stack>
  );
}
