import { Box, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { formatPhone } from '../../shared/phone';
import { UserAvatar } from '../../shared/UserAvatar';
import { UserRowActions } from './UserRowActions';
import { UserStatusBadge } from './UserStatusBadge';
import { DefaultColourBadge } from './DefaultColourBadge';
import { isDefaultColour } from './colourPalette';
import { roleOf, type User } from './users';

/** The Users list on a phone: one compact card per user instead of a wide table. */
interface UserCardsProps {
  users: User[] | undefined;
  onEdit: (u: User) => void;
  onAvailability: (u: User) => void;
  onDelete: (u: User) => void;
}

export function UserCards({ users, onEdit, onAvailability, onDelete }: UserCardsProps) {
  if (users === undefined) {
    return (
      <Stack p="md" gap="lg">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={48} />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      {users.map((user, index) => (
        <Fragment key={user.id}>
          {index > 0 && <Divider color="var(--app-border)" />}
          <Group p="md" gap="sm" wrap="nowrap" align="flex-start">
            <UserAvatar
              firstName={user.firstName}
              lastName={user.lastName}
              colorCode={user.colorCode}
              pictureUrl={user.profilePictureUrl}
              size={40}
            />
            <Box style={{ flex: 1, minWidth: 0 }}>
              {/* The name has the line to itself: beside a badge and the actions it was cut to "Ni…". */}
              <Text fw={600} c="navy.8" truncate="end">
                {user.fullName}
              </Text>
              <Group gap={8} wrap="nowrap">
                <Text size="sm" c="dimmed" truncate="end">
                  {roleOf(user)}
                </Text>
                <UserStatusBadge user={user} />
              </Group>
              <Text size="sm" truncate="end">
                {user.email}
              </Text>
              {user.phoneNumber && <Text size="sm">{formatPhone(user.phoneNumber)}</Text>}
              {user.active && isDefaultColour(user.colorCode) && (
                <Box mt={4}>
                  <DefaultColourBadge />
                </Box>
              )}
            </Box>
            <UserRowActions user={user} onEdit={onEdit} onAvailability={onAvailability} onDelete={onDelete} />
          </Group>
        </Fragment>
      ))}
    </Stack>
  );
}
