import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { notifySuccess } from '../../shared/notify';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';
import { useCustomerOptions } from '../scheduling/schedulingApi';
import { customerLabel, type Customer } from './customers';
import { useMergeCustomer } from './customersApi';

/** The notes of a customer an online booking created begin so (src/booking/booked-customers.ts). */
const BOOKED_ONLINE_MARK = 'Booked online';
export const bookedOnline = (customer: Customer) => (customer.notes ?? '').startsWith(BOOKED_ONLINE_MARK);

/**
 * "Merge into…" for a customer an online booking created (#24: every booking creates one, anyone can type any
 * e-mail): its jobs move to the customer chosen here, and it is deleted.
 */
export function MergeCustomerModal({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const navigate = useNavigate();
  const [into, setInto] = useState<string | null>(null);
  const customers = useCustomerOptions();
  const merge = useMergeCustomer(customer, (answer) => {
    notifySuccess(answer.message);
    onClose();
    navigate(paths.customer(answer.data.id));
  });
  const options = (customers.data ?? [])
    .filter((c) => c.id !== customer.id)
    .map((c) => ({ value: c.id, label: c.name }));

  return (
    <Modal opened onClose={onClose} title={`Merge ${customerLabel(customer)} into…`}>
      <Stack gap="md">
        <ServerErrorAlert error={merge.error} />
        <Text size="sm">
          An online booking created this customer. If they are one of your customers already, choose them: this
          customer&apos;s jobs move to them, and this customer is deleted.
        </Text>
        <Select
          label="Merge into"
          placeholder="Choose a customer"
          searchable
          data-autofocus
          nothingFoundMessage="No customers found"
          data={options}
          value={into}
          onChange={setInto}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!into} loading={merge.isPending} onClick={() => into && merge.mutate(into)}>
            Merge
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
