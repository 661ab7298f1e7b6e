import { Group, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { SkeletonRows } from '../../shared/SkeletonRows';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { formatPhone } from '../../shared/phone';
import { UserAvatar } from '../../shared/UserAvatar';
import { UserRowActions } from './UserRowActions';
import { UserStatusBadge } from './UserStatusBadge';
import { DefaultColourBadge } from './DefaultColourBadge';
import { isDefaultColour } from './colourPalette';
import { roleOf, type User } from './users';

interface UsersTableProps {
  users: User[] | undefined;
  sortDir: 'asc' | 'desc';
  onToggleSort: () => void;
  onEdit: (user: User) => void;
  onAvailability: (user: User) => void;
  onDelete: (user: User) => void;
}

const COLUMNS = 6;

export function UsersTable({ users, sortDir, onToggleSort, onEdit, onAvailability, onDelete }: UsersTableProps) {
  const SortIcon = sortDir === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th aria-sort={sortDir === 'asc' ? 'ascending' : 'descending'}>
              <UnstyledButton
                onClick={onToggleSort}
                aria-label={`Sort by name, ${sortDir === 'asc' ? 'descending' : 'ascending'}`}
              >
                <Group gap={4} wrap="nowrap">
                  <Text fw={600} size="sm">
                    Name
                  </Text>
                  <SortIcon size={14} />
                </Group>
              </UnstyledButton>
            </Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th w={164}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users === undefined ? (
            <SkeletonRows rows={6} columns={COLUMNS} />
          ) : (
            users.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <UserAvatar
                      firstName={user.firstName}
                      lastName={user.lastName}
                      colorCode={user.colorCode}
                      pictureUrl={user.profilePictureUrl}
                      size={32}
                    />
                    <Stack gap={2} align="flex-start">
                      <Text size="sm" fw={600} c="navy.8">
                        {user.fullName}
                      </Text>
                      {user.active && isDefaultColour(user.colorCode) && <DefaultColourBadge />}
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{user.email}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{roleOf(user)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={user.phoneNumber ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                    {formatPhone(user.phoneNumber) || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <UserStatusBadge user={user} />
                </Table.Td>
                <Table.Td>
                  <UserRowActions user={user} onEdit={onEdit} onAvailability={onAvailability} onDelete={onDelete} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
