import { expect, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../fixtures";

/**
 * Answers the next question the kit's confirm dialog asks (an alertdialog
 * whose heading is the question; decision 0080) and returns the question.
 * Call it before the click that asks, as with page.once("dialog"): it waits
 * for the dialog to open. With `axe`, the page with the dialog open passes axe.
 */
export function answerNextDialog(
  page: Page,
  answer: "accept" | "dismiss",
  options: { axe?: boolean } = {},
): Promise<string> {
  return (async () => {
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor({ state: "visible", timeout: 10_000 });
    const question = (await dialog.getByRole("heading").innerText()).trim();
    await expect(dialog).toHaveAccessibleName(question);
    if (options.axe) await expectNoAxeViolations(page);
    await (
      answer === "accept"
        ? dialog.locator("[data-dialog-accept]")
        : dialog.getByRole("button", { name: "Cancel" })
    ).click();
    await dialog.waitFor({ state: "hidden" });
    return question;
  })();
}
