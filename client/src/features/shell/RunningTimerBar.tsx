import { Box } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import { paths } from '../../app/paths';
import { TimerControl } from '../timers/TimerControl';
import { useCurrentTimer } from '../timers/timersApi';

/**
 * On a phone the top bar has no room for the timer: while one runs, a compact bar under it shows the
 * timer on every screen (Home has its own, larger control).
 */
export function RunningTimerBar() {
  const running = useCurrentTimer().data;
  const { pathname } = useLocation();
  if (!running || pathname === paths.home) return null;
  return (
    <Box hiddenFrom="xs" px="md" pt="sm" pos="sticky" top={64} style={{ zIndex: 3, background: 'var(--app-page-bg)' }}>
      <TimerControl block />
    </Box>
  );
}
