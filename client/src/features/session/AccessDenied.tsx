import { IconLock } from '@tabler/icons-react';
import { StatusScreen } from '../../shared/StatusScreen';

export function AccessDenied() {
  return (
    <StatusScreen
      icon={<IconLock size={32} />}
      title="You do not have access to this page"
      message="Your role does not include this screen. Ask a company admin if you need it."
    />
  );
}
