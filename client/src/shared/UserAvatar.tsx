import { Avatar, type AvatarProps } from '@mantine/core';
import { BRAND_NAVY } from '../app/theme';
import { initials, readableTextOn } from './initials';

interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'color'> {
  firstName?: string | null;
  lastName?: string | null;
  colorCode?: string | null;
  pictureUrl?: string | null;
}

/** The user's picture, else their initials on their own colour. */
export function UserAvatar({ firstName, lastName, colorCode, pictureUrl, ...props }: UserAvatarProps) {
  const background = colorCode || BRAND_NAVY;
  const name = [firstName, lastName].filter(Boolean).join(' ');
  return (
    <Avatar
      src={pictureUrl || null}
      alt={name}
      radius={9999}
      styles={{ placeholder: { background, color: readableTextOn(background), fontWeight: 600 } }}
      {...props}
    >
      {initials(firstName, lastName)}
    </Avatar>
  );
}
