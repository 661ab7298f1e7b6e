import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { registerSW } from 'virtual:pwa-register';

const UPDATE_TOAST = 'app-update';

/**
 * Registers the service worker that lets the app open without a network (issue #29), from the signed-in frame: the
 * public pages (a customer's feedback, booking) do not download the staff app's every screen. A new version found
 * later waits: a toast says so, and the page reloads into it only when the person chooses, so nothing being typed is
 * lost to it.
 */
export function useAppUpdates(): void {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const update = registerSW({
      onNeedRefresh() {
        notifications.show({
          id: UPDATE_TOAST,
          color: 'blue',
          icon: <IconRefresh size={18} />,
          autoClose: false,
          title: 'A new version of CrewClock is ready',
          message: (
            // The button under the words: beside them, a phone's narrow toast cut it off.
            <Stack gap={6} align="flex-start">
              <Text size="sm">Save what you are working on, then reload to use it.</Text>
              <Button size="compact-sm" variant="light" onClick={() => void update(true)}>
                Reload
              </Button>
            </Stack>
          ),
        });
      },
    });
  }, []);
}
