import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import { NoticeBox } from "~/components/ui/form";
import { EmailAddressForm } from "./email-address-form";

const linkClass = "font-semibold text-brand-700 underline";

/** docs/product/accounts.md#verification-code: the verified page (without a session) goes to /login after 2 seconds. */
export const VERIFY_EMAIL_REDIRECT_MS = 2000;

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-extrabold text-brand-900">{title}</h1>
      <div className="mt-6 space-y-4 text-sm text-slate-700">{children}</div>
    </div>
  );
}

/** /verify-email: Email Verified! with a session whose e-mail is confirmed; else off to /login. */
export function VerifyEmailPage({ verified }: { verified: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (verified) return;
    // The router handles a failed navigation itself; nothing here waits for it.
    const timer = setTimeout(() => void navigate("/login"), VERIFY_EMAIL_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate]);
  if (verified) {
    return (
      <Page title="Email Verified!">
        <p>Your e-mail address is confirmed.</p>
        <p>
          <Link to="/login" className={primaryButton}>
            Go to login
          </Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title="Verifying your email">
      <p role="status">Taking you to the sign-in page...</p>
      <p>
        <Link to="/login" className={linkClass}>
          Go to login now
        </Link>
      </p>
    </Page>
  );
}

/** /verify-email-sent: check your e-mail, with links to /resend-verification and /. */
export function VerifyEmailSentPage({ email }: { email: string | null }) {
  return (
    <Page title="Check Your Email">
      <p>
        We have sent a 6-digit verification code to {email ? <strong>{email}</strong> : "you"}. It
        is valid for 10 minutes.
      </p>
      {email ? (
        <p>
          <Link to={`/verify-otp?email=${encodeURIComponent(email)}`} className={primaryButton}>
            Enter the code
          </Link>
        </p>
      ) : null}
      <p>
        Nothing arrived?{" "}
        <Link to="/resend-verification" className={linkClass}>
          Resend verification email
        </Link>
      </p>
      <p>
        <Link to="/" className={linkClass}>
          Back to home
        </Link>
      </p>
    </Page>
  );
}

/** /resend-verification: the e-mail form, then Verification Email Sent. */
export function ResendVerificationForm({
  sentTo,
  notice,
  error,
  email,
}: {
  sentTo?: string;
  notice?: string;
  error?: string;
  email?: string;
}) {
  if (sentTo) {
    return (
      <Page title="Verification Email Sent">
        {notice ? <NoticeBox>{notice}</NoticeBox> : null}
        <p>
          If an account with that address is waiting for verification, a new code is on its way.
        </p>
        <p>
          <Link to={`/verify-otp?email=${encodeURIComponent(sentTo)}`} className={primaryButton}>
            Enter the code
          </Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title="Resend verification email">
      <p>Enter the e-mail address you signed up with and we will send you a new code.</p>
      <EmailAddressForm
        error={error}
        email={email}
        submitLabel="Send verification email"
        className="space-y-4"
      />
    </Page>
  );
}

/** /pending-approval. */
export function PendingApprovalPage() {
  return (
    <Page title="Account Pending Approval">
      <p>
        Thank you for joining. An administrator reviews every new account; you will be notified once
        yours is approved. Until then you can read everything, but not comment, like, save posts or
        follow mentors.
      </p>
      <p>
        <Link to="/" className={secondaryButton}>
          Browse Posts
        </Link>
      </p>
    </Page>
  );
}
