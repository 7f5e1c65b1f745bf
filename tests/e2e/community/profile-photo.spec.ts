import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { expect, expectNoAxeViolations, waitForHydration } from "../fixtures";
import { DEMO, signInAs, test } from "../support/community-server";
import { noisePng } from "../support/random-png";

// A real 640×480 PNG; the server makes it a 500×500 WebP.
const PHOTO = path.join(import.meta.dirname, "../fixtures/profile-photo.png");
const KAVYA = { email: "kavya.reddy@example.com", username: "kavya_reddy", name: "Kavya Reddy" };

test("a member uploads a profile photo: the success message, then the 500×500 image on their profile", async ({
  page,
}) => {
  await signInAs(page, KAVYA.email, "/edit-profile");
  await page.waitForURL("**/edit-profile");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Edit Profile", level: 1 })).toBeVisible();

  // A renamed non-image is refused with the spec's message.
  await page.getByLabel("Choose a photo").setInputFiles({
    name: "holiday.png",
    mimeType: "image/png",
    buffer: Buffer.from("These are my notes, not a picture.\n".repeat(20)),
  });
  await expect(page.getByText("Only JPG, PNG, and WebP images are allowed")).toBeVisible();
  await expect(page.getByRole("img", { name: "Your profile photo" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The real PNG: the message, the new photo on the page, the message gone after 3 seconds.
  await page.getByLabel("Choose a photo").setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: await readFile(PHOTO),
  });
  const uploaded = page.getByText("Profile image uploaded successfully!");
  await expect(uploaded).toBeVisible();
  await expect(page.getByText("Only JPG, PNG, and WebP images are allowed")).toHaveCount(0);
  const preview = page.getByRole("img", { name: "Your profile photo" });
  await expect(preview).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(uploaded).toHaveCount(0, { timeout: 6_000 });

  // The public profile shows it; the stored image is 500×500, metadata stripped.
  await page.goto(`/user/${KAVYA.username}`);
  await waitForHydration(page);
  const photo = page.getByRole("img", { name: KAVYA.name });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const src = await photo.getAttribute("src");
  expect(src).toMatch(/profile-images\//);
  const response = await page.request.get(src!);
  expect(response.ok()).toBe(true);
  const meta = await sharp(await response.body()).metadata();
  expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({
    width: 500,
    height: 500,
    format: "webp",
  });
  expect(meta.exif).toBeUndefined();
});

test("a photo over 5 MB gets the spec's message beside the field, before uploading, and nothing typed is lost; a 2 MB photo uploads", async ({
  page,
}) => {
  await signInAs(page, DEMO.tom.email, "/edit-profile");
  await page.waitForURL("**/edit-profile");
  await waitForHydration(page);
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") sent.push(new URL(r.url()).pathname);
  });
  await page.getByLabel("Full Name").fill("Tom Bennett, typed not saved");
  await page.getByLabel("Bio").fill("A bio still being written.");

  const choose = page.getByLabel("Choose a photo");
  await choose.setInputFiles({
    name: "holiday.png",
    mimeType: "image/png",
    buffer: Buffer.concat([await readFile(PHOTO), Buffer.alloc(6 * 1024 * 1024)]),
  });
  await expect(page.getByRole("alert")).toHaveText("File size must be less than 5MB");
  await expect(choose).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("heading", { name: "Edit Profile", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Full Name")).toHaveValue("Tom Bennett, typed not saved");
  await expect(page.getByLabel("Bio")).toHaveValue("A bio still being written.");
  expect(sent).toEqual([]);
  await expectNoAxeViolations(page);

  // A photo-sized file (about 2 MB) goes up through the page's script: under the route's
  // limit, not the text forms' 512 KB (which made it the error page).
  await choose.setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: await noisePng(800, 800),
  });
  await expect(page.getByText("Profile image uploaded successfully!")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByLabel("Full Name")).toHaveValue("Tom Bennett, typed not saved");
  await expect(page.getByRole("img", { name: "Your profile photo" })).toBeVisible();
});
