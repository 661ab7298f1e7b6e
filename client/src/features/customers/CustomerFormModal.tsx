import { Button, Divider, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_QUERY } from '../../app/theme';
import { notifySuccess } from '../../shared/notify';
import { PhoneInput } from '../../shared/PhoneInput';
import { scrollToFirstError } from '../../shared/scrollToFirstError';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';
import { customerFormRules, customerFormValues, type CustomerFormValues } from './customerForm';
import { CUSTOMER_STATUSES, customerLabel, type Customer } from './customers';
import { useSaveCustomer } from './customersApi';

const Section = ({ title }: { title: string }) => (
  <Divider
    label={
      <Text fw={600} size="xs" tt="uppercase" c="gray.7" lts={0.4}>
        {title}
      </Text>
    }
    labelPosition="left"
    color="var(--app-border)"
  />
);

/** + Add Customer (customer = null) or Edit Customer. Mounted fresh each time it opens. */
export function CustomerFormModal({ customer, onClose }: { customer: Customer | null; onClose: () => void }) {
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const form = useForm<CustomerFormValues>({
    initialValues: customerFormValues(customer),
    validate: customerFormRules(customer ? 'edit' : 'create'),
  });
  const save = useSaveCustomer(customer);

  function submit(values: CustomerFormValues) {
    save.mutate(values, {
      onSuccess: () => {
        notifySuccess(customer ? 'Customer has been updated' : 'Customer has been created');
        onClose();
      },
    });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={customer ? `Edit ${customerLabel(customer)}` : 'Add Customer'}
      size={760}
      fullScreen={mobile}
    >
      <form onSubmit={form.onSubmit(submit, scrollToFirstError)} noValidate>
        <Stack gap="md">
          <ServerErrorAlert error={save.error} />
          <Section title="Customer" />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label="Company name" autoComplete="off" data-autofocus {...form.getInputProps('name')} />
            <TextInput label="Display name" autoComplete="off" {...form.getInputProps('displayName')} />
            <Select
              label="Status"
              data={[...CUSTOMER_STATUSES]}
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('status')}
            />
          </SimpleGrid>
          <Section title="Contact" />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="Contact first name"
              withAsterisk
              autoComplete="off"
              {...form.getInputProps('contactFirstName')}
            />
            <TextInput label="Contact last name" autoComplete="off" {...form.getInputProps('contactLastName')} />
            <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('contactEmail')} />
            <PhoneInput label="Phone" {...form.getInputProps('contactPhone')} />
          </SimpleGrid>
          <Section title="Address" />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label="Address line 1" autoComplete="off" {...form.getInputProps('address1')} />
            <TextInput label="Address line 2" autoComplete="off" {...form.getInputProps('address2')} />
            <TextInput label="City" autoComplete="off" {...form.getInputProps('city')} />
            <TextInput label="State/province" autoComplete="off" {...form.getInputProps('state')} />
            <TextInput label="Postal code" autoComplete="off" {...form.getInputProps('postalCode')} />
            <TextInput label="Country" autoComplete="off" {...form.getInputProps('country')} />
          </SimpleGrid>
          <Section title="Work" />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label="Job type" autoComplete="off" {...form.getInputProps('jobType')} />
            <TextInput label="Billing frequency" autoComplete="off" {...form.getInputProps('billingFrequency')} />
          </SimpleGrid>
          <Textarea label="Notes" autosize minRows={3} maxRows={8} {...form.getInputProps('notes')} />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {customer ? 'Save changes' : 'Add customer'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
