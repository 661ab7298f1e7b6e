/** Where the running-timer control goes (timers issue). Renders nothing until then. */
export function TopBarTimerSlot() {
  return null;
}
