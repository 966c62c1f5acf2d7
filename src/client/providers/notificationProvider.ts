// Refine's notifications, success and error, go to the one top-centre toast stack. An error says
// "Error: " and the server's message (its description) (Refine's title, "Error (status code: 500)", is not shown); a
// failure answered by a screen of its own (login, 417, 418, 500, not found) carries no message and
// shows no toast (see http.ts `screenOf`).
import type { HttpError, NotificationProvider } from '@refinedev/core';
import { errorText } from './http';
import { translate } from '../i18n';
import { offlineSince } from '../offline/link';
import { toast } from './notify';

/**
 * A form's `errorNotification`: its 422 is shown on its fields and a 412 in its conflict dialog;
 * anything else gets Refine's toast (undefined: the default).
 */
export function formErrorNotification(error?: HttpError): false | undefined {
  return error?.statusCode === 422 || error?.statusCode === 412 ? false : undefined;
}

export const notificationProvider: NotificationProvider = {
  open: ({ key, type, message, description }) => {
    if (type === 'progress') return;
    if (type !== 'error') return toast(type, message, key);
    // An error notice of ours with no server message (a bulk run's count of refusals) is said as it is.
    if (description === undefined) return message ? toast('error', message, key) : undefined;
    // A read the server gave no answer to while the link is known down (a patient's balance, a
    // list not kept on the device): the banner says so, and the screen shows its own quiet state;
    // a toast of "can't reach the server" for each was noise over the desk's work.
    if (offlineSince() && description === translate('errors.network')) return;
    // A write sent and never answered may have been done: a warning of what to do, not an "Error:".
    if (description === translate('offline.unanswered')) return toast('warning', description, key);
    // The key: two hooks failing on one query show one toast.
    if (description) toast('error', errorText(description), key);
  },
  close: () => undefined,
};
