import { expect, expectNoAxeViolations, waitForHydration } from "../fixtures";
import { signInAs, test } from "../support/community-server";

const ROHAN = { email: "rohan.mehta@example.com", username: "rohan_mehta" };
const JAMES = { email: "james.patel@example.com" };

test.describe.configure({ timeout: 180_000 });
// While the server is down the bell's EventSource retries and is refused.
// The stop cuts the open stream: the browser logs a reset, or a chunk cut short (seen on a
// busy CI machine), depending on where the stream was. That cut is what this journey is about.
// (One pattern: test.use reads a two-element array as [value, options].)
test.use({
  allowedConsoleErrors: [
    /net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|INCOMPLETE_CHUNKED_ENCODING)/,
  ],
});

/** The bell's accessible name carries the unread count ("Notifications, 3 unread"). */
function unreadIn(label: string | null): number {
  const match = /^Notifications, (\d+) unread$/.exec(label ?? "");
  return match ? Number(match[1]) : 0;
}

test("the bell's live stream reconnects after the connection drops, catches up and stays live", async ({
  page,
  browser,
  communityServer,
}) => {
  const streamOpen = () =>
    page.waitForResponse(
      (response) => response.url().includes("/api/notifications/stream") && response.ok(),
      { timeout: 60_000 },
    );
  const opened = streamOpen();
  await signInAs(page, ROHAN.email, "/");
  await waitForHydration(page);
  await opened;
  const bell = page.getByRole("button", { name: /^Notifications/ });
  const before = unreadIn(await bell.getAttribute("aria-label"));
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });

  // The server goes away (the stream drops); meanwhile an announcement reaches the mentor.
  const reopened = streamOpen();
  await communityServer.offline(async (db) => {
    await db.query(
      `INSERT INTO notifications (user_id, type, title, message, link)
       SELECT id, 'broadcast', 'While you were away', 'Sent while the server was down', '/'
       FROM profiles WHERE username = $1`,
      [ROHAN.username],
    );
  });
  // The browser reconnects by itself and the badge catches up, without a reload.
  await reopened;
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`, {
    timeout: 15_000,
  });

  // And it is live again: a follow from another browser arrives at once.
  const follower = await browser.newContext({ baseURL: communityServer.url });
  try {
    const other = await follower.newPage();
    await signInAs(other, JAMES.email, `/user/${ROHAN.username}`);
    await other.waitForURL(`**/user/${ROHAN.username}`);
    await waitForHydration(other);
    await other.getByRole("button", { name: "Follow", exact: true }).click();
    await expect(other.getByRole("button", { name: "Unfollow" })).toBeVisible();
  } finally {
    await follower.close();
  }
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 2} unread`, {
    timeout: 5_000,
  });
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);
  await bell.click();
  await expect(page.getByText("While you were away", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
