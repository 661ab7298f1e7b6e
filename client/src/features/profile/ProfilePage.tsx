import { Button, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { PageHeader } from '../../shared/PageHeader';
import { QueryError } from '../../shared/QueryError';
import { SectionCard } from '../../shared/SectionCard';
import { CalendarFeedCard } from './CalendarFeedCard';
import { CrewDayEmailCard } from './CrewDayEmailCard';
import { ProfileDetailsForm } from './ProfileDetailsForm';
import { ProfilePictureCard } from './ProfilePictureCard';
import { useProfile } from './profileApi';

export function ProfilePage() {
  const profile = useProfile();
  return (
    <>
      <PageHeader
        title="My Profile"
        description="Your name, phone number, picture, calendar feed and the e-mail of tomorrow's jobs."
      />
      {profile.isError ? (
        <QueryError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : !profile.data ? (
        <Skeleton h={320} />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <ProfileDetailsForm profile={profile.data} />
              <SectionCard title="Password">
                <Group justify="space-between" gap="sm">
                  <Text size="sm" c="dimmed">
                    Change the password you sign in with.
                  </Text>
                  <Button
                    component={Link}
                    to={paths.changePassword}
                    variant="default"
                    leftSection={<IconKey size={16} />}
                  >
                    Change Password
                  </Button>
                </Group>
              </SectionCard>
              <CalendarFeedCard />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <ProfilePictureCard profile={profile.data} />
              <CrewDayEmailCard profile={profile.data} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
