import { describe, expect, it } from "vitest";
import { bodyRuleFor } from "./body-limit";
import { LARGE_BODY_LIMIT_BYTES, SMALL_BODY_LIMIT_BYTES } from "./limits";

describe("bodyRuleFor", () => {
  it("gives the file routes and the post editor the large limit", () => {
    for (const path of [
      "/edit-profile",
      "/api/uploads",
      "/admin/site-settings",
      "/create-post",
      "/edit-post/a-post",
      "/Edit-Profile/",
    ]) {
      expect({ path, limit: bodyRuleFor(path).limit }).toEqual({
        path,
        limit: LARGE_BODY_LIMIT_BYTES,
      });
    }
    expect(bodyRuleFor("/api/uploads").message).toBe("File size must be less than 5MB");
  });

  it("gives a route's data request (JavaScript's submission, path + .data) the route's limit", () => {
    // A photo, a banner or a long post sent with JavaScript used to get the small limit:
    // the 413 became a route error ("Something went wrong") and the page was lost.
    for (const path of [
      "/edit-profile.data",
      "/admin/site-settings.data",
      "/create-post.data",
      "/edit-post/a-post.data",
    ]) {
      expect({ path, limit: bodyRuleFor(path).limit }).toEqual({
        path,
        limit: LARGE_BODY_LIMIT_BYTES,
      });
    }
    expect(bodyRuleFor("/edit-profile.data").message).toBe("File size must be less than 5MB");
    for (const path of ["/login.data", "/_.data", "/edit-post.data", "/edit-profile.data/x"]) {
      expect({ path, limit: bodyRuleFor(path).limit }).toEqual({
        path,
        limit: SMALL_BODY_LIMIT_BYTES,
      });
    }
    expect(bodyRuleFor("/create-post").message).toBe("Request too large");
  });

  it("gives every other path, named or not, the small limit", () => {
    for (const path of [
      "/login",
      "/api/metadata",
      "/admin/banned-words",
      "/edit-post",
      "/edit-post/a/b",
      "/api/uploads/x",
      "/a-route-added-later",
    ]) {
      expect({ path, limit: bodyRuleFor(path).limit }).toEqual({
        path,
        limit: SMALL_BODY_LIMIT_BYTES,
      });
    }
  });
});
