import { describe, expect, it } from "vitest";
import { readQuery } from "~/lib/read-input.server";
import { notificationsActionForm, notificationsQuery } from "./notifications.server";
import { NOTIFICATION_MESSAGES } from "./notification-rules";

const filter = (search: string) =>
  readQuery(new URL(`http://localhost/notifications?${search}`), notificationsQuery);

describe("the notifications page's input", () => {
  it("reads the filter; empty is All; another is refused with the message", () => {
    expect(filter("")).toEqual({ ok: true, data: { filter: "all" } });
    expect(filter("filter=")).toEqual({ ok: true, data: { filter: "all" } });
    expect(filter("filter=announcements")).toEqual({ ok: true, data: { filter: "announcements" } });
    expect(filter("filter=spam")).toEqual({
      ok: false,
      message: "Unknown filter. Choose All, Unread or Announcements.",
    });
  });
  it("reads the action's intent and id as typed, with the action's messages", () => {
    expect(notificationsActionForm.parse({ intent: "read-all" })).toEqual({
      intent: "read-all",
      id: "",
    });
    expect(NOTIFICATION_MESSAGES.notFound).toBe("Notification not found");
    expect(NOTIFICATION_MESSAGES.unknownAction).toBe("Unknown action");
  });
});
