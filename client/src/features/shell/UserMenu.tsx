import { Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconHeadset, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useAppStore } from '../../app/store';
import { MOBILE_QUERY } from '../../app/theme';
import { UserAvatar } from '../../shared/UserAvatar';
import { useIsCompanyAdmin } from '../session/session';

/** Name, avatar and the account menu: My Profile, Support (Company Admin), Logout. */
export function UserMenu() {
  const fullName = useAppStore((s) => s.session?.user.fullName ?? '');
  const firstName = useAppStore((s) => s.session?.user.firstName);
  const lastName = useAppStore((s) => s.session?.user.lastName);
  const colorCode = useAppStore((s) => s.session?.user.colorCode);
  const pictureUrl = useAppStore((s) => s.session?.user.profilePictureUrl);
  const email = useAppStore((s) => s.session?.user.email ?? '');
  const isCompanyAdmin = useIsCompanyAdmin();
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        {/* Named by what it shows (the name, the initials) and then what it is: a speech user says what they see. */}
        <UnstyledButton px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <VisuallyHidden>Account menu</VisuallyHidden>
          <Group gap={10} wrap="nowrap">
            <Text size="sm" fw={600} c="navy.8" visibleFrom="xs" truncate="end" maw={200}>
              {fullName}
            </Text>
            <UserAvatar
              firstName={firstName}
              lastName={lastName}
              colorCode={colorCode}
              pictureUrl={pictureUrl}
              size={36}
            />
            <IconChevronDown size={14} color="var(--mantine-color-gray-6)" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark" truncate="end">
            {fullName}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to={paths.profile} leftSection={<IconUserCircle size={16} />}>
          My Profile
        </Menu.Item>
        {isCompanyAdmin && (
          <Menu.Item
            component="a"
            href={paths.supportLogin}
            target={mobile ? undefined : '_blank'}
            rel="noopener"
            leftSection={<IconHeadset size={16} />}
          >
            Support
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item component={Link} to={paths.logout} leftSection={<IconLogout size={16} />} color="red">
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
