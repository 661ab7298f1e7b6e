import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from './queryClient';
import { router } from './router';
import { MOBILE_QUERY, theme } from './theme';

/** Secondary text one shade darker than Mantine's gray-6, which is below WCAG AA's 4.5:1 on white. */
const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariables}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Toasts />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * Toasts where they cover nothing one works with (issue #44 item 14: bottom left they hid the Timeline's last row
 * and the export's Format field): at the top in the middle, over the top bar's empty middle on wider screens and
 * over the top bar on phones, a few at most (each kind of notice replaces its last, src/shared/notify.ts).
 */
function Toasts() {
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  return <Notifications position="top-center" limit={mobile ? 2 : 3} />;
}
