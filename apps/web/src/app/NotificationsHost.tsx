import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import classes from './NotificationsHost.module.css';

/** Where notifications show; loaded by LazyNotifications when the first one is raised. */
export function NotificationsHost() {
  return <Notifications position="top-right" limit={4} className={classes.notifications} />;
}
