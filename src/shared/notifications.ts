import { z } from 'zod';
import { page, pageQuery } from './pagination';

/**
 * Notifications (issue 33): what a person hears about, by category, in the app and by email.
 * The categories, their labels and the API's shapes; the server writes them
 * (src/server/platform/notifications.ts) and the web app shows them.
 */
export const NOTIFICATION_CATEGORIES = [
  'leave_requests',
  'leave_decisions',
  'interviews',
  'interview_feedback',
  'candidates',
  'tasks',
  'mentions',
  'crm_assignments',
  'onboarding',
  'timesheets',
  'payslips',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_CATEGORY_LABELS: Record<NotificationCategory, string> = {
  leave_requests: 'Leave requests to review',
  leave_decisions: 'Decisions on my leave requests',
  interviews: 'Interviews I take part in',
  interview_feedback: 'Interview feedback due',
  candidates: 'Candidates of jobs I hire for',
  tasks: 'Tasks assigned to me or that I follow',
  mentions: 'Mentions of me',
  crm_assignments: 'Leads and opportunities assigned to me',
  onboarding: 'Onboarding and offboarding tasks',
  timesheets: 'Timesheets to approve, decisions on mine and corrections to my time entries',
  payslips: 'My payslips',
};

export const isNotificationCategory = (value: string): value is NotificationCategory =>
  (NOTIFICATION_CATEGORIES as readonly string[]).includes(value);

/** Email either as each notification happens, or once a day in one digest. */
export const EMAIL_MODES = ['immediate', 'digest'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

/** What a category without a saved preference does: in the app and by email, immediately. */
export const DEFAULT_NOTIFICATION_PREFERENCE = { inApp: true, email: true, emailMode: 'immediate' } as const satisfies {
  inApp: boolean;
  email: boolean;
  emailMode: EmailMode;
};

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  invalidUnsubscribeLink: 'This unsubscribe link is not valid',
  unsubscribeLinkUnknown: 'This unsubscribe link no longer names an account',
  duplicateCategory: 'Each category may be set once',
  categoryRequired: 'Choose a notification category',
  emailModeRequired: 'Choose immediate email or the daily digest',
  loadFailed: 'Failed to load your notifications. Please try again.',
  saveFailed: 'Failed to save your notification preferences. Please try again.',
  saved: 'Notification preferences saved',
} as const;

const category = z.enum(NOTIFICATION_CATEGORIES, { error: NOTIFICATION_MESSAGES.categoryRequired });

/** One entry of a person's list: `url` is the record's path in the web app. */
export const notificationItem = z
  .object({
    id: z.uuid(),
    category,
    title: z.string(),
    url: z.string(),
    readAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Notification' });
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationPage = page(notificationItem);

/** `GET /api/notifications`: newest first, keyset pages; `unread=true` lists the unread only. */
export const notificationListQuery = pageQuery.extend({
  unread: z.enum(['true', 'false'], { error: 'unread must be true or false' }).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

/** The unread count shown on the bell (at most UNREAD_COUNT_CAP: the bell shows "99+" long before). */
export const UNREAD_COUNT_CAP = 1000;
export const unreadCount = z.object({ count: z.number().int().min(0).max(UNREAD_COUNT_CAP) }).meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof unreadCount>;

export const markedRead = z.object({ marked: z.number().int().min(0) });

export const notificationPreference = z
  .object({
    category,
    inApp: z.boolean(),
    email: z.boolean(),
    emailMode: z.enum(EMAIL_MODES, { error: NOTIFICATION_MESSAGES.emailModeRequired }),
  })
  .strict();
export type NotificationPreference = z.infer<typeof notificationPreference>;

/** Every category, with its label and the person's setting (the default where none is saved). */
export const notificationPreferences = z
  .object({ items: z.array(notificationPreference.extend({ label: z.string() })) })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** `PUT /api/me/notification-preferences`: the categories named change, the others stay as they are. */
export const notificationPreferencesInput = z
  .object({
    items: z
      .array(notificationPreference, { error: NOTIFICATION_MESSAGES.categoryRequired })
      .min(1, NOTIFICATION_MESSAGES.categoryRequired)
      .max(NOTIFICATION_CATEGORIES.length, NOTIFICATION_MESSAGES.duplicateCategory)
      .refine((items) => new Set(items.map((i) => i.category)).size === items.length, NOTIFICATION_MESSAGES.duplicateCategory),
  })
  .strict();
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInput>;

/** The signed unsubscribe token of an email's link (`?token=`): opaque to clients. */
export const unsubscribeQuery = z.object({
  token: z
    .string({ error: NOTIFICATION_MESSAGES.invalidUnsubscribeLink })
    .max(200, NOTIFICATION_MESSAGES.invalidUnsubscribeLink)
    .regex(/^[A-Za-z0-9._-]+$/, NOTIFICATION_MESSAGES.invalidUnsubscribeLink),
});

/** What an unsubscribe link turned off (or, for GET, would turn off). */
export const unsubscribeResult = z.object({
  /** A category, or `digest`: every category emailed in the daily digest. */
  scope: z.union([category, z.literal('digest')]),
  label: z.string(),
  email: z.boolean(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResult>;

/** The live stream's message: the bell's new count. */
export interface UnreadEvent {
  count: number;
}
