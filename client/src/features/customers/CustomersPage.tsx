import { Button, Divider, Group, Paper, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { errorMessage } from '../../app/api';
import { MOBILE_QUERY } from '../../app/theme';
import { confirmDelete } from '../../shared/confirmDelete';
import { EmptyResults } from '../../shared/EmptyResults';
import { notifyError, notifySuccess } from '../../shared/notify';
import { PageHeader } from '../../shared/PageHeader';
import { TablePager, useStayOnAPage } from '../../shared/TablePager';
import { createPagedQueryStore } from '../../shared/pagedQueryStore';
import { QueryError } from '../../shared/QueryError';
import { CustomerCards } from './CustomerCards';
import { CustomerFormModal } from './CustomerFormModal';
import { customerLabel, INITIAL_CUSTOMERS_QUERY, sortedBy, type Customer, type CustomerSortBy } from './customers';
import { useCustomersPage, useDeleteCustomer } from './customersApi';
import { CustomersTable } from './CustomersTable';

/** Customer List (spec §2): search, paging (20), sorting by each column, delete, + Add Customer; cards on a phone. */
export function CustomersPage() {
  const [queryStore] = useState(() => createPagedQueryStore(INITIAL_CUSTOMERS_QUERY));
  useEffect(() => () => queryStore.getState().dispose(), [queryStore]);
  const search = useStore(queryStore, (s) => s.search);
  const query = useStore(queryStore, (s) => s.query);
  const { setSearch, setPage } = queryStore.getState();
  const sortBy = (column: CustomerSortBy) => queryStore.setState((s) => ({ query: sortedBy(s.query, column) }));

  const page = useCustomersPage(query);
  const deleteCustomer = useDeleteCustomer();
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [adding, setAdding] = useState(false);

  function askDelete(customer: Customer) {
    confirmDelete({
      title: 'Delete customer',
      message: `Delete ${customerLabel(customer)}? Its jobs, documents and history stay, marked as a deleted customer's.`,
      onConfirm: () =>
        deleteCustomer.mutate(customer, {
          onSuccess: () => notifySuccess('Customer was deleted'),
          onError: (error) => notifyError(errorMessage(error)),
        }),
    });
  }

  const customers = page.data?.resultItems;
  const total = page.data?.totalRecords ?? 0;
  useStayOnAPage(customers, total, query.currentPage, query.pageSize, setPage);

  return (
    <>
      <PageHeader
        title="Customers"
        description="The people and companies you work for."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add Customer
          </Button>
        }
      />
      {page.isError ? (
        <QueryError error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
          <Group p="md">
            <TextInput
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              placeholder="Search customers"
              aria-label="Search customers"
              leftSection={<IconSearch size={16} />}
              w={{ base: '100%', xs: 380 }}
            />
          </Group>
          <Divider color="var(--app-border)" />
          <div style={{ opacity: page.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            {customers && customers.length === 0 ? (
              <EmptyResults
                icon={<IconBuildingStore size={26} />}
                hint={query.filter ? 'Try another search.' : 'Add your first customer to schedule jobs for them.'}
              />
            ) : mobile ? (
              <CustomerCards customers={customers} onDelete={askDelete} />
            ) : (
              <CustomersTable customers={customers} query={query} onSort={sortBy} onDelete={askDelete} />
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
      {adding && <CustomerFormModal customer={null} onClose={() => setAdding(false)} />}
    </>
  );
}
