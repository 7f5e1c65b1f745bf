import { describe, expect, it } from "vitest";
import { editProfileForm, editProfileQuery, profileFields } from "./edit-profile.server";

const fine = {
  fullName: "Asha K",
  userType: "Entrepreneur",
  bio: "Building between Pune and Leeds.",
  locationCity: "Pune",
  locationCountry: "India",
  linkedinUrl: "https://www.linkedin.com/in/asha",
  websiteUrl: "",
};

/** The first message of each field, or {} when the form passes. */
function fieldErrors(fields: Record<string, unknown>) {
  const errors: Record<string, string> = {};
  for (const issue of editProfileForm.safeParse(fields).error?.issues ?? [])
    errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe("editProfileForm: the profile's fields", () => {
  it("passes a good form as typed, for saveProfile", () => {
    expect(editProfileForm.parse(fine)).toEqual({ ...fine, intent: "save" });
  });

  it("gives every field its own message", () => {
    expect(
      fieldErrors({
        fullName: "x".repeat(101),
        userType: "wizard",
        bio: "b".repeat(501),
        locationCity: "c".repeat(101),
        locationCountry: "c".repeat(101),
        linkedinUrl: "javascript:alert(1)",
        websiteUrl: "w".repeat(2100),
      }),
    ).toEqual({
      fullName: "Full name must be at most 100 characters",
      userType: "Choose a user type",
      bio: "Bio must be at most 500 characters",
      locationCity: "City must be at most 100 characters",
      locationCountry: "Country must be at most 100 characters",
      linkedinUrl: "Please enter a valid LinkedIn URL",
      websiteUrl: "website is too long",
    });
    expect(fieldErrors({ ...fine, websiteUrl: "not a url" })).toEqual({
      websiteUrl: "Please enter a valid website URL",
    });
  });

  it("reads a repeated or file field as empty", () => {
    expect(
      profileFields.parse({ fullName: ["A", "B"], bio: new Blob(["x"]), username: "hacker" }),
    ).toEqual({
      fullName: "",
      userType: "",
      bio: "",
      locationCity: "",
      locationCountry: "",
      linkedinUrl: "",
      websiteUrl: "",
    });
  });
});

describe("editProfileForm: the photo", () => {
  it("takes a file with something in it", () => {
    const photo = new File([new Uint8Array([1, 2, 3])], "me.png", { type: "image/png" });
    expect(editProfileForm.parse({ intent: "photo", photo })).toEqual({ intent: "photo", photo });
  });

  it("refuses no file, an empty file or text with the spec's message", () => {
    for (const photo of [undefined, "me.png", new File([], "empty.png")])
      expect(fieldErrors({ intent: "photo", photo })).toEqual({
        photo: "Only JPG, PNG, and WebP images are allowed",
      });
  });
});

describe("editProfileQuery", () => {
  it("is the first visit only for firstTime=true", () => {
    expect(editProfileQuery.parse({ firstTime: "true" })).toEqual({
      firstTime: true,
      verified: false,
    });
    expect(editProfileQuery.parse({ firstTime: "1" })).toEqual({
      firstTime: false,
      verified: false,
    });
    expect(editProfileQuery.parse({})).toEqual({ firstTime: false, verified: false });
    // Arrived from the e-mail code (docs/decisions/0256).
    expect(editProfileQuery.parse({ firstTime: "true", verified: "1" })).toEqual({
      firstTime: true,
      verified: true,
    });
  });
});
