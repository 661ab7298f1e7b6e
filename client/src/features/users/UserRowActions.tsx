import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconCalendarTime, IconHistory, IconMailForward, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { notifyError, notifySuccess } from '../../shared/notify';
import { HistoryModal } from '../../shared/History';
import { historyUrl } from '../audit/audit';
import { useResendInvitation } from './usersApi';
import { invitationState, type User } from './users';

interface UserRowActionsProps {
  user: User;
  onEdit: (u: User) => void;
  onAvailability: (u: User) => void;
  onDelete: (u: User) => void;
}

export function UserRowActions({ user, onEdit, onAvailability, onDelete }: UserRowActionsProps) {
  const [history, setHistory] = useState(false);
  const resend = useResendInvitation();
  const invited = user.active && invitationState(user) !== null;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {invited && (
        <Tooltip label="Resend invitation">
          <ActionIcon
            variant="subtle"
            color="indigo"
            aria-label={`Resend invitation to ${user.fullName}`}
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(user, {
                onSuccess: () => notifySuccess(`A new invitation was e-mailed to ${user.email}`),
                onError: (error) => notifyError(errorMessage(error)),
              })
            }
          >
            <IconMailForward size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${user.fullName}`} onClick={() => onEdit(user)}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Availability">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Availability of ${user.fullName}`}
          onClick={() => onAvailability(user)}
        >
          <IconCalendarTime size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="History">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`History of ${user.fullName}`}
          onClick={() => setHistory(true)}
        >
          <IconHistory size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${user.fullName}`} onClick={() => onDelete(user)}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
      {history && (
        <HistoryModal
          title={`History of ${user.fullName}`}
          url={historyUrl.user(user.id)}
          emptyHint="Nothing has been recorded for this person yet."
          onClose={() => setHistory(false)}
        />
      )}
    </Group>
  );
}
