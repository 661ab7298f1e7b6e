import { Box } from '@mantine/core';
import { TimerControl } from '../timers/TimerControl';

/** The running-timer control in the top bar (spec §2); on a phone, Home's own and RunningTimerBar elsewhere. */
export function TopBarTimerSlot() {
  return (
    <Box visibleFrom="xs">
      <TimerControl />
    </Box>
  );
}
