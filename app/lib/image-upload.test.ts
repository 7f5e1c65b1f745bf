import { describe, expect, it } from "vitest";
import { imageFileProblem, MAX_UPLOAD_BYTES } from "./image-upload";

describe("imageFileProblem", () => {
  it("refuses a file over 5 MB with the spec's message, before any type check", () => {
    expect(imageFileProblem({ size: MAX_UPLOAD_BYTES + 1, type: "image/png" })).toBe(
      "File size must be less than 5MB",
    );
    expect(imageFileProblem({ size: 6 * 1024 * 1024, type: "application/pdf" })).toBe(
      "File size must be less than 5MB",
    );
  });

  it("refuses a type the browser names as something other than JPEG, PNG or WebP", () => {
    expect(imageFileProblem({ size: 10, type: "image/gif" })).toBe(
      "Only JPG, PNG, and WebP images are allowed",
    );
  });

  it("lets through images up to 5 MB, and leaves an unnamed type to the server", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp", ""])
      expect(imageFileProblem({ size: MAX_UPLOAD_BYTES, type })).toBeNull();
  });
});
