import { notifications } from '@mantine/notifications';
import { errorMessage, type ErrorMessageOptions } from '../../lib/api-client';

/** A short confirmation that a create, save, toggle or delete went through. */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: 3000 });
}

/** The server's message (its detail), else the status text, else the fallback (SPEC 8). */
export function notifyError(error: unknown, options: ErrorMessageOptions): void {
  notifications.show({ color: 'red', message: errorMessage(error, options) });
}
