import { AppShell, Box } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { useAppUpdates } from '../../app/appUpdates';
import { useAppStore } from '../../app/store';
import { useRealtimeSync } from '../../app/useRealtimeSync';
import { useLocalCopyOfTheDay } from '../offline/readAhead';
import { OfflineStatus } from '../offline/OfflineStatus';
import { RunningTimerBar } from './RunningTimerBar';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';

/** The signed-in frame: top bar, side navigation (a drawer below 600 px) and the current screen. */
export function AppLayout() {
  const mobileNavOpen = useAppStore((s) => s.mobileNavOpen);
  useRealtimeSync();
  useAppUpdates();
  useLocalCopyOfTheDay();
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 272, breakpoint: 'xs', collapsed: { mobile: !mobileNavOpen } }}
      padding={0}
      styles={{
        header: { borderBottom: '1px solid var(--app-border)' },
        navbar: { borderRight: '1px solid var(--app-border)' },
        main: { background: 'var(--app-page-bg)' },
      }}
    >
      <AppShell.Header>
        <TopBar />
      </AppShell.Header>
      <AppShell.Navbar>
        <SideNav />
      </AppShell.Navbar>
      <AppShell.Main>
        <OfflineStatus />
        <RunningTimerBar />
        <Box px={{ base: 'md', xs: 'xl' }} py={{ base: 'md', xs: 'xl' }} maw={1320} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
