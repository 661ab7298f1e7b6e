import { useMutation } from '@tanstack/react-query';
import { api, fileForm } from '../../app/api';
import { invalidateUrls } from '../../app/queryClient';
import { useApiQuery } from '../../shared/useApiQuery';
import type { CompanyView } from '../../../../src/shared/session';
import type { HolidayList } from '../../../../src/shared/organization';
import type { Holiday } from './holidays';

export const ORGANIZATION_URL = '/api/organization';
export const ORGANIZATION_SETTINGS_URL = `${ORGANIZATION_URL}/settings`;
export const HOLIDAYS_URL = `${ORGANIZATION_SETTINGS_URL}/holidays`;

/** The company as the session shows it, without its id. */
export type OrganizationSettings = Omit<CompanyView, 'id'>;

export type OrganizationSettingsChanges = Partial<Omit<OrganizationSettings, 'logoUrl'>>;

/** The top bar shows the company name and logo from the session, so it refetches too. */
const refetchOrganization = () => invalidateUrls([ORGANIZATION_SETTINGS_URL, '/api/session']);

export const useOrganizationSettings = () => useApiQuery<OrganizationSettings>(ORGANIZATION_SETTINGS_URL);

export function useSaveOrganizationSettings() {
  return useMutation({
    mutationFn: (changes: OrganizationSettingsChanges) => api.patch(ORGANIZATION_SETTINGS_URL, changes),
    onSuccess: refetchOrganization,
  });
}

export function useOrganizationLogo() {
  const upload = useMutation({
    mutationFn: (file: File) => api.put(`${ORGANIZATION_SETTINGS_URL}/logo`, fileForm(file)),
    onSuccess: refetchOrganization,
  });
  const remove = useMutation({
    mutationFn: () => api.delete(`${ORGANIZATION_SETTINGS_URL}/logo`),
    onSuccess: refetchOrganization,
  });
  return { upload, remove };
}

export const useHolidays = () => useApiQuery<HolidayList>(HOLIDAYS_URL);

/** Saves the whole list (the server keeps it in date order). */
export function useSaveHolidays() {
  return useMutation({
    mutationFn: (holidays: Holiday[]) => api.put(HOLIDAYS_URL, { holidays }),
    onSuccess: () => invalidateUrls([HOLIDAYS_URL]),
  });
}
