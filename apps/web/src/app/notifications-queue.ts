// Only the notifications store (no UI): providers.tsx loads it after the first screen to learn
// when a notification is waiting to be shown.
import { notificationsStore } from '@mantine/notifications';

export { notificationsStore };
export type NotificationsStore = typeof notificationsStore;
