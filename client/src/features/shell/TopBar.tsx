import { Burger, Group } from '@mantine/core';
import { useAppStore } from '../../app/store';
import { CompanyBrand } from './CompanyBrand';
import { TopBarTimerSlot } from './TopBarTimerSlot';
import { UserMenu } from './UserMenu';

export function TopBar() {
  const mobileNavOpen = useAppStore((s) => s.mobileNavOpen);
  const toggleMobileNav = useAppStore((s) => s.toggleMobileNav);
  return (
    <Group h="100%" px={{ base: 'sm', xs: 'lg' }} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={mobileNavOpen}
          onClick={toggleMobileNav}
          hiddenFrom="xs"
          size="sm"
          aria-label="Toggle navigation"
        />
        <CompanyBrand />
      </Group>
      <Group gap="md" wrap="nowrap">
        <TopBarTimerSlot />
        <UserMenu />
      </Group>
    </Group>
  );
}
