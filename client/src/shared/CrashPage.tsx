import { Button, Center } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { PRODUCT_NAME } from '../app/paths';
import { Notice, PublicFrame } from './PublicFrame';

/**
 * What a screen that threw shows instead of React Router's developer page (the router's errorElement at the root):
 * a screen's code that no longer loads after a new version, or a fault of ours. Reloading starts the app afresh;
 * what was saved, and the outbox's changes waiting to be sent, outlive the reload.
 */
export function CrashPage() {
  return (
    <PublicFrame title="Something went wrong" organization={PRODUCT_NAME}>
      <Notice icon={<IconAlertTriangle size={28} />} title="Something went wrong" color="orange">
        This page stopped working. Reload it to carry on: what you have saved is kept.
      </Notice>
      <Center>
        <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Center>
    </PublicFrame>
  );
}
