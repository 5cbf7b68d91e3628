import { z } from 'zod';
import { EntityId } from './http.ts';

/** A global banner message; `created_at` is ISO 8601. */
export const Notification = z.object({
  id: EntityId,
  message: z.string(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof Notification>;

/** GET user/get_notification: newest first; Home shows the first item's message. */
export const NotificationsResponse = z.array(Notification);
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;
