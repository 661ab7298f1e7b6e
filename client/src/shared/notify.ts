import { notifications, type NotificationData } from '@mantine/notifications';
import { createElement } from 'react';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';

/** The toast on screen of each kind: a new one of a kind takes the place of the last, instead of stacking under it. */
const shownOfKind = new Map<string, string>();

/**
 * Shows a toast as the one of its kind (issue #44 item 14: a phone stacked "saved", "saved", "saved" over its
 * screen). A fresh id each time, so the new toast's own time to close starts with it.
 */
export function notifyAs(kind: string, toast: Omit<NotificationData, 'id'>): string {
  const last = shownOfKind.get(kind);
  if (last) notifications.hide(last);
  const id = notifications.show({
    ...toast,
    onClose: (props) => {
      if (shownOfKind.get(kind) === id) shownOfKind.delete(kind);
      toast.onClose?.(props);
    },
  });
  shownOfKind.set(kind, id);
  return id;
}

/** A success toast with the spec's wording. */
export function notifySuccess(message: string): void {
  notifyAs('success', { message, color: 'teal', icon: createElement(IconCheck, { size: 18 }), autoClose: 4000 });
}

/** An error toast: the server's first error message. */
export function notifyError(message: string): void {
  notifyAs('error', { message, color: 'red', icon: createElement(IconAlertTriangle, { size: 18 }), autoClose: 7000 });
}

/** A neutral notice (nothing failed, nothing was saved). */
export function notifyInfo(message: string): void {
  notifyAs('info', { message, color: 'navy', autoClose: 6000 });
}
