// Refine's notifications go to the same top-centre toast stack. Errors are not repeated here:
// the HTTP layer has already shown them ("Error: " + the server's message).
import type { NotificationProvider } from '@refinedev/core';
import { toast } from './notify';

export const notificationProvider: NotificationProvider = {
  open: ({ type, message }) => {
    if (type === 'error' || type === 'progress') return;
    toast(type, message);
  },
  close: () => undefined,
};
