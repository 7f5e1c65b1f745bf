import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigate, useNavigation } from "react-router";
import { ResponsiveImage } from "~/components/image/responsive-image";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import {
  ErrorBox,
  Field,
  FileInput,
  inputClass,
  NoticeBox,
  smallHintClass,
} from "~/components/ui/form";
import { Toast, useClearAfter } from "~/components/ui/toast";
import { initial } from "~/lib/format";
import { AwaitingApprovalNote } from "~/features/accounts/awaiting-approval";
import { imageFileProblem } from "~/lib/image-upload";

export const BIO_LIMIT = 500;
/** docs/product/accounts.md#messages: the image upload's success message clears after 3 s. */
const PHOTO_MESSAGE_MS = 3000;
const USER_TYPE_OPTIONS = [
  "Student",
  "Aspiring Entrepreneur",
  "Entrepreneur",
  "Working Professional",
  "Mentor",
] as const;

export type ProfileFormValues = {
  fullName: string;
  userType: string;
  bio: string;
  locationCity: string;
  locationCountry: string;
  linkedinUrl: string;
  websiteUrl: string;
};

type PhotoData = { photo: true; ok: boolean; message?: string; error?: string; url?: string };

type SaveResult = {
  ok: boolean;
  message?: string;
  error?: string;
  redirectTo?: string;
  fieldErrors?: Partial<Record<keyof ProfileFormValues, string>>;
};

/**
 * The edit-profile page (docs/product/accounts.md#profiles): photo, full name, read-only username, user
 * type, bio with a counter, city, country, LinkedIn, website; Save Changes and
 * Cancel. Without JavaScript both forms post normally; with it the photo is
 * sent as soon as it is chosen.
 */
export function EditProfileForm(props: {
  firstTime: boolean;
  /** Just verified by code and signed in (docs/decisions/0256): the spec's notice. */
  verifiedNotice?: string | null;
  /** The member still waits for an admin's approval: the page says so. */
  awaitingApproval?: boolean;
  username: string;
  photoUrl: string | null;
  values: ProfileFormValues;
  cancelTo: string;
  result?: SaveResult | null;
  photoResult?: PhotoData | null;
}) {
  const { values, result } = props;
  const navigate = useNavigate();

  // Success: go on after 1.5 s (docs/product/accounts.md); <meta refresh> does it without JavaScript.
  useEffect(() => {
    if (!result?.ok || !result.redirectTo) return;
    // The router handles a failed navigation itself; nothing here waits for it.
    const timer = setTimeout(() => void navigate(result.redirectTo!), 1500);
    return () => clearTimeout(timer);
  }, [result, navigate]);

  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">
        {props.firstTime ? "Complete Your Profile" : "Edit Profile"}
      </h1>
      {props.verifiedNotice ? (
        <div className="mt-4">
          <NoticeBox>{props.verifiedNotice}</NoticeBox>
        </div>
      ) : null}
      {props.firstTime ? (
        <p className="mt-2 text-slate-700">
          Tell the community a little about yourself before you get started.
        </p>
      ) : null}
      {props.awaitingApproval ? (
        <AwaitingApprovalNote id="awaiting-approval" className="mt-2" />
      ) : null}
      {/* Only without JavaScript (the effect above moves on otherwise): a visible delayed
          refresh is an axe violation, and inside <noscript> it exists only where needed. */}
      {result?.ok && result.redirectTo ? (
        <noscript>
          <meta httpEquiv="refresh" content={`1.5;url=${result.redirectTo}`} />
        </noscript>
      ) : null}
      <PhotoSection
        photoResult={props.photoResult}
        savedUrl={props.photoUrl}
        fallbackName={values.fullName || props.username}
      />

      <ProfileDetailsForm
        values={values}
        result={result}
        username={props.username}
        cancelTo={props.cancelTo}
      />
    </div>
  );
}

/**
 * The photo: the current one (or an initial) and its own upload form, sent
 * as soon as a file is chosen and checked in the browser first.
 */
function PhotoSection({
  photoResult,
  savedUrl,
  fallbackName,
}: {
  photoResult: PhotoData | null | undefined;
  savedUrl: string | null;
  fallbackName: string;
}) {
  const fetcher = useFetcher<PhotoData>();
  const photo = fetcher.data ?? photoResult ?? null;
  // Profile image uploaded successfully! is cleared after 3 seconds (the kit's toast).
  const photoToast = useClearAfter(photo?.ok && photo.message ? photo : null, PHOTO_MESSAGE_MS);
  const photoMessage = photoToast?.message ?? null;
  const photoUrl = (photo?.ok && photo.url) || savedUrl;
  const uploading = fetcher.state !== "idle";
  const photoForm = useRef<HTMLFormElement>(null);
  // A file refused by the browser's own check (over 5 MB, not an image): never sent.
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const photoError = photoProblem ?? (photo && !photo.ok ? (photo.error ?? null) : null);
  const checkPhoto = (input: HTMLInputElement | null | undefined) => {
    const file = input?.files?.[0];
    const problem = file ? imageFileProblem(file) : null;
    setPhotoProblem(problem);
    if (problem && input) input.value = "";
    return Boolean(file) && !problem;
  };

  return (
    <section aria-labelledby="photo-heading" className="mt-6 flex items-center gap-4">
      <div className="flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-700 text-3xl font-bold text-white">
        {photoUrl ? (
          <ResponsiveImage
            src={photoUrl}
            alt="Your profile photo"
            width={96}
            height={96}
            priority
            className="h-24 w-24 object-cover"
          />
        ) : (
          <span aria-hidden="true">{initial(fallbackName)}</span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <h2 id="photo-heading" className="text-sm font-semibold text-slate-800">
          Profile photo
        </h2>
        <fetcher.Form
          ref={photoForm}
          method="post"
          encType="multipart/form-data"
          className="mt-1 flex flex-wrap items-center gap-2"
          onSubmit={(event) => {
            const input = event.currentTarget.elements.namedItem("photo");
            if (!checkPhoto(input instanceof HTMLInputElement ? input : null)) {
              event.preventDefault();
            }
          }}
        >
          <input type="hidden" name="intent" value="photo" />
          <label htmlFor="profile-photo" className="sr-only">
            Choose a photo
          </label>
          <FileInput
            id="profile-photo"
            name="photo"
            accept="image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp"
            progress={uploading}
            progressLabel="Uploading photo"
            aria-describedby={`profile-photo-hint${photoError ? " profile-photo-error" : ""}`}
            aria-invalid={photoError ? true : undefined}
            onChange={(event) => {
              if (checkPhoto(event.currentTarget)) void fetcher.submit(photoForm.current);
            }}
          />
          <button type="submit" className={secondaryButton} disabled={uploading}>
            {uploading ? "Uploading..." : "Upload photo"}
          </button>
        </fetcher.Form>
        <p id="profile-photo-hint" className={smallHintClass}>
          JPG, PNG or WebP, at most 5 MB. 500x500 is recommended.
        </p>
        <div id="profile-photo-error" aria-live="polite" className="mt-2">
          {photoError ? <ErrorBox>{photoError}</ErrorBox> : null}
          {photoMessage ? <Toast>{photoMessage}</Toast> : null}
        </div>
      </div>
    </section>
  );
}

/** The profile's fields, Save Changes and Cancel. */
function ProfileDetailsForm({
  values,
  result,
  username,
  cancelTo,
}: {
  values: ProfileFormValues;
  result: SaveResult | null | undefined;
  username: string;
  cancelTo: string;
}) {
  const fieldErrors = result?.fieldErrors ?? {};
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";

  const text = (name: keyof ProfileFormValues, label: string, type = "text", maxLength = 100) => (
    <Field htmlFor={`profile-${name}`} label={label} error={fieldErrors[name]}>
      <input
        id={`profile-${name}`}
        name={name}
        type={type}
        defaultValue={values[name]}
        maxLength={type === "url" ? 2048 : maxLength}
        aria-invalid={fieldErrors[name] ? true : undefined}
        aria-describedby={fieldErrors[name] ? `profile-${name}-error` : undefined}
        className={inputClass}
        placeholder={type === "url" ? "https://" : undefined}
      />
    </Field>
  );

  return (
    <Form method="post" className="mt-6 space-y-4" noValidate>
      <input type="hidden" name="intent" value="save" />
      {result?.ok && result.message ? <NoticeBox>{result.message}</NoticeBox> : null}
      {result && !result.ok && result.error ? <ErrorBox>{result.error}</ErrorBox> : null}
      {text("fullName", "Full Name")}
      <Field
        htmlFor="profile-username"
        label="Username"
        hint="Username cannot be changed"
        hintClassName={smallHintClass}
      >
        <input
          id="profile-username"
          value={username}
          readOnly
          aria-describedby="profile-username-hint"
          className={`${inputClass} bg-slate-100`}
        />
      </Field>
      <Field htmlFor="profile-userType" label="User Type" error={fieldErrors.userType}>
        <select
          id="profile-userType"
          name="userType"
          defaultValue={values.userType}
          className={inputClass}
        >
          <option value="">Select your user type</option>
          {USER_TYPE_OPTIONS.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </Field>
      <BioField defaultValue={values.bio} error={fieldErrors.bio} />
      <div className="grid gap-4 sm:grid-cols-2">
        {text("locationCity", "City")}
        {text("locationCountry", "Country")}
      </div>
      {text("linkedinUrl", "LinkedIn URL", "url")}
      {text("websiteUrl", "Website URL", "url")}
      <div className="flex gap-3 pt-2">
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving ? "Saving..." : "Save Changes"}
        </button>
        <Link to={cancelTo} className={secondaryButton}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** The bio, with a counter of its characters (a line break counts as one). */
function BioField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const [bio, setBio] = useState(defaultValue);
  return (
    <Field htmlFor="profile-bio" label="Bio" error={error}>
      <textarea
        id="profile-bio"
        name="bio"
        rows={4}
        value={bio}
        onChange={(event) => setBio(event.currentTarget.value)}
        maxLength={BIO_LIMIT}
        aria-invalid={error ? true : undefined}
        aria-describedby={`profile-bio-count${error ? " profile-bio-error" : ""}`}
        className={inputClass}
      />
      <p id="profile-bio-count" className="mt-1 text-right text-xs text-slate-600">
        {bio.replace(/\r\n/g, "\n").length}/{BIO_LIMIT}
      </p>
    </Field>
  );
}
