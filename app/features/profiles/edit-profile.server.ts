/**
 * Editing one's own profile (docs/product/accounts.md#profiles "Edit profile", Profile, Profile):
 * the form's fields validated with zod, empty fields saved as null, the bio's
 * banned-words check (accepted when the check itself fails), and the photo:
 * JPEG, PNG or WebP judged by its bytes, at most 5 MB, re-encoded by sharp to
 * 500×500 WebP (quality 90) without metadata, stored under the member's folder
 * with a timestamp name in the profile-images area, with smaller copies for
 * `srcset` (server/storage/responsive-images.ts). A new photo deletes the
 * files of the one it replaces, once the database points at the new one
 * (docs/decisions/0045-storage-deletes-unused-files.md).
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { profiles, userTypeEnum } from "#server/db/schema";
import type { Storage } from "#server/storage";
import { storeResponsiveImage } from "#server/storage/responsive-images";
import type { Actor } from "~/features/accounts/permissions";
import { MAX_UPLOAD_BYTES } from "#server/http/limits";
import { sniffImage } from "~/features/authoring/uploads.server";
import { containsBannedWord } from "./banned-words.server";
import { fieldsOf, firstOf, formText } from "~/lib/read-input.server";

export const USER_TYPES = userTypeEnum.enumValues;
export const BIO_MAX = 500;
export const PHOTO_SIZE = 500;

export const PROFILE_MESSAGES = {
  updated: "Profile updated successfully!",
  completed: "Profile completed successfully!",
  failed: "Failed to update profile",
  bioBanned: "Bio contains inappropriate content",
  photoUploaded: "Profile image uploaded successfully!",
  photoFailed: "Failed to upload image",
  photoTooLarge: "File size must be less than 5MB",
  photoWrongType: "Only JPG, PNG, and WebP images are allowed",
} as const;

export type EditableProfile = {
  username: string;
  fullName: string | null;
  profilePhotoUrl: string | null;
  bio: string | null;
  userType: (typeof USER_TYPES)[number] | null;
  locationCity: string | null;
  locationCountry: string | null;
  linkedinUrl: string | null;
  websiteUrl: string | null;
};

export async function loadEditableProfile(
  db: Database,
  id: string,
): Promise<EditableProfile | null> {
  const [row] = await db
    .select({
      username: profiles.username,
      fullName: profiles.fullName,
      profilePhotoUrl: profiles.profilePhotoUrl,
      bio: profiles.bio,
      userType: profiles.userType,
      locationCity: profiles.locationCity,
      locationCountry: profiles.locationCountry,
      linkedinUrl: profiles.linkedinUrl,
      websiteUrl: profiles.websiteUrl,
    })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row ?? null;
}

/** An absolute http(s) address. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => (v === "" ? null : v));
const url = (label: string) =>
  z
    .string()
    .trim()
    .max(2048, `${label} is too long`)
    .refine((v) => v === "" || isWebUrl(v), `Please enter a valid ${label} URL`)
    .transform((v) => (v === "" ? null : v));

export const profileSchema = z.object({
  fullName: text(100, "Full name"),
  userType: z
    .string()
    .trim()
    .refine((v) => v === "" || (USER_TYPES as readonly string[]).includes(v), "Choose a user type")
    .transform((v) => (v === "" ? null : (v as (typeof USER_TYPES)[number]))),
  // Line endings count once, as the browser's counter counts them.
  bio: z
    .string()
    .transform((v) => v.replace(/\r\n/g, "\n").trim())
    .refine((v) => v.length <= BIO_MAX, `Bio must be at most ${BIO_MAX} characters`)
    .transform((v) => (v === "" ? null : v)),
  locationCity: text(100, "City"),
  locationCountry: text(100, "Country"),
  linkedinUrl: url("LinkedIn"),
  websiteUrl: url("website"),
});

export type ProfileValues = Record<keyof z.input<typeof profileSchema>, string>;
export const PROFILE_FIELDS = Object.keys(profileSchema.shape) as (keyof ProfileValues)[];

/* The /edit-profile form for readForm (docs/decisions/0098). */

/** A field sent once as text; repeated, a file or missing, it counts as empty. */
const soleText = z.preprocess((v) => (typeof v === "string" ? v : ""), z.string());

/** The profile's text fields as typed, to give back after an error; it never fails. */
export const profileFields = z.object({
  fullName: soleText,
  userType: soleText,
  bio: soleText,
  locationCity: soleText,
  locationCountry: soleText,
  linkedinUrl: soleText,
  websiteUrl: soleText,
}) satisfies z.ZodType<ProfileValues>;

/** The form's text fields as typed (a repeated or file field counts as empty). */
export function readProfileForm(form: FormData): ProfileValues {
  return profileFields.parse(fieldsOf(form.entries()));
}

/** Save: the fields as typed, checked by profileSchema (each field's first message). */
const saveForm = profileFields.extend({ intent: z.literal("save") }).superRefine((values, ctx) => {
  const parsed = profileSchema.safeParse(values);
  for (const issue of parsed.error?.issues ?? [])
    ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
});

/** Upload: a photo that is a file with something in it (its bytes are judged later). */
const photoForm = z.object({
  intent: z.literal("photo"),
  photo: z.preprocess(
    firstOf,
    z.custom<File>(
      (v) => typeof v === "object" && v !== null && "size" in v && Number(v.size) > 0,
      PROFILE_MESSAGES.photoWrongType,
    ),
  ),
});

/** The form posts either the photo (intent=photo) or the profile's fields (anything else). */
export const editProfileForm = z.preprocess(
  (fields) => {
    const record = fields as Record<string, unknown>;
    const intent = firstOf(record.intent);
    return { ...record, intent: intent === "photo" ? "photo" : "save" };
  },
  z.discriminatedUnion("intent", [photoForm, saveForm]),
);

/** /edit-profile's address: ?firstTime=true after sign-up (docs/product/accounts.md#profiles "Edit profile"). */
export const editProfileQuery = z.object({
  firstTime: formText.transform((v) => v === "true"),
  /** Arrived from the e-mail code, signed in by it (docs/decisions/0256). */
  verified: formText.transform((v) => v === "1"),
});

export type SaveProfileResult =
  | { ok: true; message: string; redirectTo: string }
  | {
      ok: false;
      status: 400 | 404 | 500;
      error: string;
      fieldErrors: Partial<Record<keyof ProfileValues, string>>;
    };

export async function saveProfile(
  db: Database,
  actor: Actor,
  values: ProfileValues,
  options: { firstTime: boolean; log?: (error: unknown) => void },
): Promise<SaveProfileResult> {
  const parsed = profileSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<keyof ProfileValues, string>> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof ProfileValues;
      fieldErrors[key] ??= issue.message;
    }
    return { ok: false, status: 400, error: Object.values(fieldErrors)[0]!, fieldErrors };
  }
  const input = parsed.data;
  if (input.bio) {
    let banned = false;
    try {
      banned = await containsBannedWord(db, input.bio);
    } catch (error) {
      // docs/product/accounts.md#profiles: if the check fails technically, the bio is accepted.
      options.log?.(error);
    }
    if (banned) {
      return {
        ok: false,
        status: 400,
        error: PROFILE_MESSAGES.bioBanned,
        fieldErrors: { bio: PROFILE_MESSAGES.bioBanned },
      };
    }
  }
  try {
    const [row] = await db
      .update(profiles)
      .set({ ...input, profileCompleted: true, updatedAt: new Date() })
      .where(eq(profiles.id, actor.id))
      .returning({ username: profiles.username });
    if (!row) return { ok: false, status: 404, error: PROFILE_MESSAGES.failed, fieldErrors: {} };
    return options.firstTime
      ? { ok: true, message: PROFILE_MESSAGES.completed, redirectTo: "/" }
      : { ok: true, message: PROFILE_MESSAGES.updated, redirectTo: `/user/${row.username}` };
  } catch (error) {
    options.log?.(error);
    return { ok: false, status: 500, error: PROFILE_MESSAGES.failed, fieldErrors: {} };
  }
}

/** The member's own folder in the profile-images area (one key segment per member). */
export function profileImageFolder(userId: string): string {
  const segment = userId.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^[^A-Za-z0-9]+/, "") || "user";
  return `profile-images/${segment}/`;
}

/**
 * The key prefix of a photo this site stored in `folder` (`<folder><stamp>.`,
 * which takes the image and its smaller copies), read back from its address;
 * null for any other address: a LinkedIn photo, another member's folder, a
 * file outside the profile-images area, an address with a query.
 */
export function ownPhotoPrefix(
  storage: Storage,
  folder: string,
  url: string | null,
): string | null {
  if (!url) return null;
  const probe = "x.webp";
  const folderUrl = storage.url(`${folder}${probe}`).slice(0, -probe.length);
  if (!url.startsWith(folderUrl)) return null;
  const name = url.slice(folderUrl.length);
  // One file name directly in the folder: no "/", "?", "#", ".." or escapes.
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*\.[A-Za-z0-9._-]+$/.test(name)) return null;
  return `${folder}${name.slice(0, name.indexOf(".") + 1)}`;
}

export type PhotoResult =
  | { ok: true; url: string; message: string }
  | { ok: false; status: 400 | 413 | 500; error: string };

/** Checks, re-encodes to 500×500 WebP, stores and saves the member's photo. */
export async function uploadProfilePhoto(
  db: Database,
  storage: Storage,
  actor: Actor,
  bytes: Uint8Array,
  options: { now?: Date; log?: (error: unknown, message: string) => void } = {},
): Promise<PhotoResult> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    return { ok: false, status: 413, error: PROFILE_MESSAGES.photoTooLarge };
  }
  if (!sniffImage(bytes)) return { ok: false, status: 400, error: PROFILE_MESSAGES.photoWrongType };
  let output: Buffer;
  try {
    output = await sharp(bytes, { limitInputPixels: 50_000_000, failOn: "error" })
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: "cover" })
      .webp({ quality: 90 })
      .toBuffer();
  } catch {
    return { ok: false, status: 400, error: PROFILE_MESSAGES.photoWrongType };
  }
  const folder = profileImageFolder(actor.id);
  const base = `${folder}${(options.now ?? new Date()).getTime()}`;
  const log = options.log ?? (() => undefined);
  let stored;
  try {
    stored = await storeResponsiveImage(storage, base, new Uint8Array(output));
  } catch (error) {
    log(error, "profile photo store");
    await deleteQuietly(storage, `${base}.`, log);
    return { ok: false, status: 500, error: PROFILE_MESSAGES.photoFailed };
  }
  let previous: string | null;
  try {
    // The old address is read under the row's lock, so the files deleted are
    // the ones this update replaced, not a photo another request just saved.
    previous = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ url: profiles.profilePhotoUrl })
        .from(profiles)
        .where(eq(profiles.id, actor.id))
        .for("update");
      if (!row) throw new Error(`No profile ${actor.id}`);
      await tx
        .update(profiles)
        .set({ profilePhotoUrl: stored.url, updatedAt: new Date() })
        .where(eq(profiles.id, actor.id));
      return row.url;
    });
  } catch (error) {
    log(error, "profile photo save");
    // Nothing points at the new files: they go.
    await deleteQuietly(storage, `${base}.`, log);
    return { ok: false, status: 500, error: PROFILE_MESSAGES.photoFailed };
  }
  const old = ownPhotoPrefix(storage, folder, previous);
  // The same second's upload twice would name the same files: keep them.
  if (old && old !== `${base}.`) await deleteQuietly(storage, old, log);
  return { ok: true, url: stored.url, message: PROFILE_MESSAGES.photoUploaded };
}

/** Deletes what is under `prefix`; a failure is logged, never the member's problem. */
async function deleteQuietly(
  storage: Storage,
  prefix: string,
  log: (error: unknown, message: string) => void,
): Promise<void> {
  try {
    await storage.deletePrefix(prefix);
  } catch (error) {
    log(error, `profile photo cleanup of ${prefix}`);
  }
}
