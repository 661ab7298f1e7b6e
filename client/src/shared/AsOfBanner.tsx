import { Alert, Button, Group, Skeleton, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { asOfBannerText, asOfFromSearch, momentUrl, withoutAsOf, type AsOf, type AsOfMoment } from './asOf';
import { useApiQuery } from './useApiQuery';

/** The moment the page's URL asks for (`asOf` or `asOfPosition`), and how to drop it ("Back to now"). */
export function useAsOf(): { asOf: AsOf | null; backToNow: () => void } {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const asOf = useMemo(() => asOfFromSearch(key), [key]);
  return { asOf, backToNow: () => setParams(withoutAsOf(key)) };
}

/** "Viewing the schedule as it stood on {when}. Read-only." with "Back to now", at the top of a screen. */
export function AsOfBanner({ asOf, onBackToNow }: { asOf: AsOf; onBackToNow: () => void }) {
  const moment = useApiQuery<AsOfMoment>(momentUrl(asOf));
  return (
    <Alert color="orange" variant="light" role="status" mb="md" icon={<IconHistory size={18} />} py="xs">
      <Group justify="space-between" gap="sm" wrap="wrap">
        {moment.data ? (
          <Text size="sm" fw={600} data-testid="as-of-banner">
            {asOfBannerText(moment.data.when)}
          </Text>
        ) : moment.isError ? (
          <Text size="sm" fw={600} data-testid="as-of-banner">
            Viewing the schedule as it stood at an earlier moment. Read-only.
          </Text>
        ) : (
          <Skeleton h={18} w={280} />
        )}
        <Button size="compact-sm" variant="white" onClick={onBackToNow}>
          Back to now
        </Button>
      </Group>
    </Alert>
  );
}
