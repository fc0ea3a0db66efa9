import { Notifications } from '@mantine/notifications';

/**
 * Where toasts appear (ui/toast.ts shows them). Loaded after the first paint (providers.tsx): a
 * toast shown before waits in Mantine's store and appears once this mounts.
 */
export const Toasts = () => (
  // Tall enough for an expanded "View details" list. Bottom right, clear of the top bar and of
  // every dialog's header and close button (decision 026).
  <Notifications position="bottom-right" notificationMaxHeight={400} zIndex={1000} />
);
