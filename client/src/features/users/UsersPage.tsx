import { Button, Divider, Group, Paper, Switch, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { AvailabilityModal } from '../availability/AvailabilityModal';
import { errorMessage } from '../../app/api';
import { MOBILE_QUERY } from '../../app/theme';
import { confirmDelete } from '../../shared/confirmDelete';
import { EmptyResults } from '../../shared/EmptyResults';
import { notifyError, notifySuccess } from '../../shared/notify';
import { PageHeader } from '../../shared/PageHeader';
import { TablePager, useStayOnAPage } from '../../shared/TablePager';
import { createPagedQueryStore } from '../../shared/pagedQueryStore';
import { QueryError } from '../../shared/QueryError';
import { UserCards } from './UserCards';
import { UsersTable } from './UsersTable';
import { UserFormModal } from './UserFormModal';
import { INITIAL_USERS_QUERY, type User } from './users';
import { useDeleteUser, useUsersPage } from './usersApi';

export function UsersPage() {
  const [queryStore] = useState(() => createPagedQueryStore(INITIAL_USERS_QUERY));
  useEffect(() => () => queryStore.getState().dispose(), [queryStore]);
  const search = useStore(queryStore, (s) => s.search);
  const query = useStore(queryStore, (s) => s.query);
  const { setSearch, toggleSort, setPage, setOptions } = queryStore.getState();

  const page = useUsersPage(query);
  const deleteUser = useDeleteUser();
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [availabilityOf, setAvailabilityOf] = useState<User | null>(null);

  function askDelete(user: User) {
    confirmDelete({
      title: 'Delete user',
      message: `Delete ${user.fullName}? They will no longer be able to sign in.`,
      onConfirm: () =>
        deleteUser.mutate(user, {
          onSuccess: () => notifySuccess('User deleted'),
          onError: (error) => notifyError(errorMessage(error)),
        }),
    });
  }

  const users = page.data?.resultItems;
  const total = page.data?.totalRecords ?? 0;

  useStayOnAPage(users, total, query.currentPage, query.pageSize, setPage);

  return (
    <>
      <PageHeader
        title="Users"
        description="Everyone who can sign in to your organization."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New User
          </Button>
        }
      />
      {page.isError ? (
        <QueryError error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
          <Group justify="space-between" p="md" gap="md">
            <TextInput
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              placeholder="Search users"
              aria-label="Search users"
              leftSection={<IconSearch size={16} />}
              w={{ base: '100%', xs: 320 }}
            />
            <Switch
              label="Hide inactive"
              checked={query.hideInactive}
              onChange={(event) => setOptions({ hideInactive: event.currentTarget.checked })}
            />
          </Group>
          <Divider color="var(--app-border)" />
          <div style={{ opacity: page.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            {users && users.length === 0 ? (
              <EmptyResults icon={<IconUsers size={26} />} />
            ) : mobile ? (
              <UserCards users={users} onEdit={setEditing} onAvailability={setAvailabilityOf} onDelete={askDelete} />
            ) : (
              <UsersTable
                users={users}
                sortDir={query.sortDir}
                onToggleSort={toggleSort}
                onEdit={setEditing}
                onAvailability={setAvailabilityOf}
                onDelete={askDelete}
              />
            )}
          </div>
          <TablePager
            page={query.currentPage}
            pageSize={query.pageSize}
            total={total}
            onPage={setPage}
            compact={mobile}
          />
        </Paper>
      )}
      {editing && <UserFormModal user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {availabilityOf && <AvailabilityModal user={availabilityOf} onClose={() => setAvailabilityOf(null)} />}
    </>
  );
}
