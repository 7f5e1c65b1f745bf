import { expect, expectNoAxeViolations, waitForHydration } from "../fixtures";
import { DEMO, signInAs, test, watchBrowserErrors } from "../support/community-server";

test.describe.configure({ timeout: 90_000 });

/** The bell's accessible name carries the unread count ("Notifications, 3 unread"). */
function unreadIn(label: string | null): number {
  const match = /^Notifications, (\d+) unread$/.exec(label ?? "");
  return match ? Number(match[1]) : 0;
}

test("a member follows a mentor; the mentor's bell goes up live; Mark all as read", async ({
  page,
  browser,
  communityServer,
}) => {
  const { james, sarah } = DEMO;
  const notice = `${james.name} (@${james.username}) started following you`;

  // The mentor, signed in in a second browser, waits on the home page.
  const mentorContext = await browser.newContext({ baseURL: communityServer.url });
  try {
    const mentor = await mentorContext.newPage();
    const mentorErrors = watchBrowserErrors(mentor);
    // The bell's live stream is open once its response headers have arrived.
    const streamOpen = mentor.waitForResponse(
      (response) => response.url().includes("/api/notifications/stream") && response.ok(),
      { timeout: 30_000 },
    );
    await signInAs(mentor, sarah.email, "/");
    await waitForHydration(mentor);
    await streamOpen;
    const bell = mentor.getByRole("button", { name: /^Notifications/ });
    const before = unreadIn(await bell.getAttribute("aria-label"));
    await mentor.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    // The member follows her on her profile.
    await signInAs(page, james.email, `/user/${sarah.username}`);
    await page.waitForURL(`**/user/${sarah.username}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: sarah.name, level: 1 })).toBeVisible();
    const followers = page.getByTestId("follower-count");
    const count = Number((await followers.locator("strong").textContent()) ?? "NaN");
    await page.getByRole("button", { name: "Follow", exact: true }).click();
    await expect(page.getByRole("button", { name: "Unfollow" })).toBeVisible();
    await expect(followers.locator("strong")).toHaveText(String(count + 1));
    await expectNoAxeViolations(page);

    // The mentor's badge goes up without a reload, and the dropdown has the notice.
    await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`, {
      timeout: 10_000,
    });
    expect(
      await mentor.evaluate(
        () => (window as unknown as { __sameDocument?: boolean }).__sameDocument,
      ),
    ).toBe(true);
    await expect(mentor.getByTestId("notification-badge")).toHaveText(
      before + 1 > 9 ? "9+" : String(before + 1),
    );
    await bell.click();
    await expect(mentor.getByText(notice)).toBeVisible();
    await expectNoAxeViolations(mentor);

    // /notifications lists it; Mark all as read empties Unread.
    await mentor.goto("/notifications");
    await waitForHydration(mentor);
    const item = mentor.locator("li[data-notification]").filter({ hasText: notice });
    await expect(item).toHaveAttribute("data-notification", "unread");
    await mentor
      .getByRole("navigation", { name: "Filter notifications" })
      .getByRole("link", { name: "Unread" })
      .click();
    await mentor.waitForURL("**/notifications?filter=unread");
    await expect(item).toBeVisible();
    await mentor.getByRole("button", { name: "Mark all as read" }).click();
    await expect(mentor.getByRole("main").getByText("No unread notifications")).toBeVisible();
    await expect(mentor.locator("li[data-notification]")).toHaveCount(0);
    await expect(mentor.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
    await expect(bell).toHaveAccessibleName("Notifications");
    await expect(mentor.getByTestId("notification-badge")).toHaveCount(0);
    await expectNoAxeViolations(mentor);
    // Read never goes back to unread: All still has it, read.
    await mentor.getByRole("link", { name: "All", exact: true }).click();
    await mentor.waitForURL((url) => url.pathname === "/notifications" && !url.search);
    await expect(item).toHaveAttribute("data-notification", "read");

    expect(mentorErrors, "errors in the mentor's browser").toEqual([]);
  } finally {
    await mentorContext.close();
  }
});
