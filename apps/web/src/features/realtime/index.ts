export { AnnouncementDialog } from './components/announcement-dialog';
export { DataUpdateBanner } from './components/data-update-banner';
export { NotificationBell } from './components/notification-bell';
export { useLiveConnection } from './use-live-connection';
