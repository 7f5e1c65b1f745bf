-- Live notifications (docs: server/realtime/notification-hub.ts). Every new
-- or changed notification sends NOTIFY notification_events '<user_id>' at
-- commit, to every server instance listening; each pushes the member's
-- unread count and latest items to that member's open event streams.
-- PostgreSQL folds identical notifications of one transaction into one.
CREATE OR REPLACE FUNCTION notify_notification_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notification_events', NEW.user_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_live
AFTER INSERT OR UPDATE ON notifications
FOR EACH ROW EXECUTE FUNCTION notify_notification_event();
