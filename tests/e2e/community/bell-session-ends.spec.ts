import { expect, expectNoAxeViolations, waitForHydration } from "../fixtures";
import { signInAs, test } from "../support/community-server";

const ARJUN = { email: "arjun.nair@example.com", username: "arjun_nair" };
const STREAM = "/api/notifications/stream";

test.describe.configure({ timeout: 180_000 });
// While the server restarts the bell's stream is refused at the socket.
// The restart can also cut the open stream before its last chunk (seen on a busy CI machine).
// React Router's route discovery for links that render meanwhile fails the same way, and says so.
// (One pattern: test.use reads a two-element array as [value, options].)
test.use({
  allowedConsoleErrors: [
    /net::ERR_(CONNECTION_REFUSED|INCOMPLETE_CHUNKED_ENCODING)|^Failed to fetch manifest patches TypeError: Failed to fetch/,
  ],
});

test("the bell stops asking for its stream once the session is gone", async ({
  page,
  communityServer,
}) => {
  const answers: number[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === STREAM) answers.push(response.status());
  });
  const opened = page.waitForResponse(
    (response) => new URL(response.url()).pathname === STREAM && response.ok(),
  );
  await signInAs(page, ARJUN.email, "/");
  await waitForHydration(page);
  await opened;
  // The page's timers from here on run only when the test moves the clock.
  await page.clock.install();

  // The session ends while the server is down (as a sign-out elsewhere or a block
  // would); the stream drops, and every new attempt is refused with 401.
  await communityServer.offline(async (db) => {
    await db.query(
      "DELETE FROM sessions WHERE user_id = (SELECT id FROM profiles WHERE username = $1)",
      [ARJUN.username],
    );
  });
  const asked = () => answers.filter((status) => status === 401).length;
  const roundTrip = () => page.evaluate(() => fetch("/api/health").then((r) => r.status));
  // Moving the clock in steps lets any retry the page scheduled while the server was down run.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(5_000);
        return asked();
      },
      { timeout: 60_000 },
    )
    // The stream's 401, then the bell's own question about it.
    .toBeGreaterThanOrEqual(2);
  // Let any answer still in flight arrive before counting.
  await roundTrip();
  await roundTrip();
  const settled = asked();

  // Ten minutes of the page's timers: no retry is scheduled, so no new request.
  await page.clock.runFor(10 * 60_000);
  // A request a retry started would be on its way now; round trips let it show.
  await roundTrip();
  await roundTrip();
  expect(asked()).toBe(settled);
  expect(answers.filter((status) => status !== 401 && status !== 200)).toEqual([]);
  await expectNoAxeViolations(page);
});
