import { Grid, Skeleton, Stack } from '@mantine/core';
import { PageHeader } from '../../shared/PageHeader';
import { QueryError } from '../../shared/QueryError';
import { PaySettingsForm } from '../payroll/PaySettingsForm';
import { OrganizationDetailsForm } from './OrganizationDetailsForm';
import { OrganizationHolidaysCard } from './OrganizationHolidaysCard';
import { OrganizationLogoCard } from './OrganizationLogoCard';
import { useOrganizationSettings } from './organizationApi';
import { VisitReminderSettingsCard } from './VisitReminderSettingsCard';

export function OrganizationSettingsPage() {
  const settings = useOrganizationSettings();
  return (
    <>
      <PageHeader
        title="Organization Settings"
        description="Company name, logo, time zone, holidays, scheduling options, pay periods and visit reminders."
      />
      {settings.isError ? (
        <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <Stack>
          <Skeleton h={320} />
        </Stack>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <OrganizationDetailsForm settings={settings.data} />
              <PaySettingsForm settings={settings.data} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <OrganizationLogoCard logoUrl={settings.data.logoUrl} name={settings.data.name} />
              <OrganizationHolidaysCard />
              <VisitReminderSettingsCard settings={settings.data} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
