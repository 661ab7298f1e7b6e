import { Badge, NavLink, ScrollArea, Stack } from '@mantine/core';
import { useJobRequests } from '../job-requests/jobRequestsApi';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAppStore } from '../../app/store';
import { MOBILE_QUERY } from '../../app/theme';
import { isActivePath, visibleNavigation, type NavGroupItem, type NavLinkItem } from './navigation';
import { NAV_ICONS } from './navIcons';
import classes from './SideNav.module.css';

const EMPTY: readonly string[] = [];

function NavEntry({ item, child = false }: { item: NavLinkItem; child?: boolean }) {
  const { pathname } = useLocation();
  const closeMobileNav = useAppStore((s) => s.closeMobileNav);
  const Icon = NAV_ICONS[item.icon];
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      rightSection={item.icon === 'schedule' ? <PendingRequestsBadge /> : undefined}
      leftSection={<Icon size={child ? 17 : 19} stroke={1.7} />}
      active={isActivePath(item.to, pathname)}
      onClick={closeMobileNav}
      className={classes.link}
    />
  );
}

/** Pending job requests next to Job Schedule: they appear live (spec §2 Job Requests). */
function PendingRequestsBadge() {
  const count = useJobRequests().data?.length ?? 0;
  if (!count) return null;
  return (
    <Badge size="sm" circle color="orange" aria-label={`${count} pending job ${count === 1 ? 'request' : 'requests'}`}>
      {count}
    </Badge>
  );
}

function NavGroup({ group }: { group: NavGroupItem }) {
  const opened = useAppStore((s) => s.navGroupsOpen[group.id]);
  const setNavGroupOpen = useAppStore((s) => s.setNavGroupOpen);
  const Icon = NAV_ICONS[group.icon];
  return (
    <NavLink
      label={group.label}
      leftSection={<Icon size={19} stroke={1.7} />}
      opened={opened}
      onChange={(open) => setNavGroupOpen(group.id, open)}
      className={classes.link}
      childrenOffset={0}
    >
      <Stack gap={2} mt={2} className={classes.children}>
        {group.children.map((child) => (
          <NavEntry key={child.to} item={child} child />
        ))}
      </Stack>
    </NavLink>
  );
}

/** The side navigation: what the user's claims allow, groups remembered open or closed. */
export function SideNav() {
  const claims = useAppStore((s) => s.session?.claims ?? EMPTY);
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const items = useMemo(() => visibleNavigation(claims, { mobile }), [claims, mobile]);
  return (
    <ScrollArea type="scroll" h="100%" px="sm" py="md">
      <nav aria-label="Main">
        <Stack gap={2}>
          {items.map((item) =>
            item.kind === 'link' ? <NavEntry key={item.to} item={item} /> : <NavGroup key={item.id} group={item} />,
          )}
        </Stack>
      </nav>
    </ScrollArea>
  );
}
