import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';

/** A success toast with the spec's wording. */
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'teal', icon: createElement(IconCheck, { size: 18 }), autoClose: 4000 });
}

/** An error toast: the server's first error message. */
export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', icon: createElement(IconAlertTriangle, { size: 18 }), autoClose: 7000 });
}

/** A neutral notice (nothing failed, nothing was saved). */
export function notifyInfo(message: string): void {
  notifications.show({ message, color: 'navy', autoClose: 6000 });
}
