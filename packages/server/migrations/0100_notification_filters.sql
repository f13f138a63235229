-- Admin notification list: the `event_name` filter (newest first) and the batched load of resends.

CREATE INDEX notification_event_name_idx ON notification (event_name, created_at DESC);
CREATE INDEX notification_parent_id_idx ON notification (parent_id);
