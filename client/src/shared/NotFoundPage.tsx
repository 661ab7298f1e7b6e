import { IconMapSearch } from '@tabler/icons-react';
import { StatusScreen } from './StatusScreen';

export function NotFoundPage() {
  return (
    <StatusScreen
      icon={<IconMapSearch size={32} />}
      title="Page not found"
      message="The page you are looking for does not exist or has moved."
    />
  );
}
