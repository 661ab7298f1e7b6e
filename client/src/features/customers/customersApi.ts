import { useMutation } from '@tanstack/react-query';
import { api, fileForm } from '../../app/api';
import { invalidateUrls } from '../../app/queryClient';
import { pagedUrl } from '../../shared/pagedQuery';
import { useApiQuery } from '../../shared/useApiQuery';
import type { Paged } from '../../../../src/shared/paging';
import { customerPayload, type CustomerFormValues } from './customerForm';
import {
  ATTACHMENTS_URL,
  attachmentUrl,
  customerAttachmentsUrl,
  customerJobsUrl,
  CUSTOMERS_URL,
  customerUrl,
  type Attachment,
  type Customer,
  type CustomerJob,
  type CustomerJobsDays,
  type CustomersQuery,
} from './customers';

export const customersPageUrl = (query: CustomersQuery) => pagedUrl(`${CUSTOMERS_URL}/paged`, query);

export function useCustomersPage(query: CustomersQuery) {
  return useApiQuery<Paged<Customer>>(customersPageUrl(query), { keepPrevious: true });
}

export const useCustomer = (id: string) => useApiQuery<Customer>(customerUrl(id));

export const useCustomerJobs = (id: string, page: number, days: CustomerJobsDays) =>
  useApiQuery<Paged<CustomerJob>>(customerJobsUrl(id, page, days), { keepPrevious: true });

export const useAttachments = (customerId: string, page: number) =>
  useApiQuery<Paged<Attachment>>(customerAttachmentsUrl(customerId, page), { keepPrevious: true });

/** Creates a customer, or saves one being edited; lists, pickers and calendars refetch (names show there). */
export function useSaveCustomer(customer: Customer | null) {
  return useMutation({
    mutationFn: (values: CustomerFormValues) =>
      customer
        ? api.patch<{ success: true; data: Customer }>(customerUrl(customer.id), customerPayload(values))
        : api.post<{ success: true; data: Customer }>(CUSTOMERS_URL, customerPayload(values)),
    onSuccess: () => invalidateUrls([CUSTOMERS_URL, '/api/jobs']),
  });
}

export function useDeleteCustomer() {
  return useMutation({
    mutationFn: (customer: Customer) => api.delete(customerUrl(customer.id)),
    onSuccess: () => invalidateUrls([CUSTOMERS_URL, '/api/jobs']),
  });
}

/** POST /api/attachments (multipart: File, CustomerId, Name). */
export function useUploadAttachment(customerId: string) {
  return useMutation({
    mutationFn: ({ file, name }: { file: File; name: string }) => {
      const form = fileForm(file);
      form.append('CustomerId', customerId);
      form.append('Name', name.trim());
      return api.post<{ success: true; message?: string; data: Attachment }>(ATTACHMENTS_URL, form);
    },
    onSuccess: () => invalidateUrls([ATTACHMENTS_URL]),
  });
}

export function useDeleteAttachment() {
  return useMutation({
    mutationFn: (attachment: Attachment) => api.delete(attachmentUrl(attachment.id)),
    onSuccess: () => invalidateUrls([ATTACHMENTS_URL]),
  });
}

/**
 * Merges a customer an online booking created into the one chosen (its jobs move there, it is deleted); `onMerged`
 * runs once lists, pickers and calendars have refetched.
 */
export function useMergeCustomer(
  customer: Customer,
  onMerged: (answer: { success: true; message: string; data: { id: string } }) => void,
) {
  return useMutation({
    mutationFn: (intoCustomerId: string) =>
      api.post<{ success: true; message: string; data: { id: string } }>(`${customerUrl(customer.id)}/merge`, {
        intoCustomerId,
      }),
    onSuccess: async (answer) => {
      await invalidateUrls([CUSTOMERS_URL, '/api/jobs']);
      onMerged(answer);
    },
  });
}
