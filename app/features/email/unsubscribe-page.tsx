import { Form, Link } from "react-router";
import { primaryButton } from "~/components/ui/button-styles";
import { ErrorBox, NoticeBox } from "~/components/ui/form";
import { UNSUBSCRIBE_TEXTS } from "~/features/email-preferences/preference-rules";

export type UnsubscribeView =
  | { state: "confirm"; subject: string; token: string }
  | { state: "done"; subject: string }
  | { state: "invalid" };

/**
 * /unsubscribe?token=… (docs/decisions/0125). Opening the link only asks (mail
 * scanners open links too); the button, or the mail client's one-click POST
 * (RFC 8058), turns the e-mail off. No sign-in needed: the token is the key.
 */
export function UnsubscribePage({ view }: { view: UnsubscribeView }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">
        {UNSUBSCRIBE_TEXTS.confirmTitle}
      </h1>
      <div className="mt-6">
        {view.state === "invalid" ? <ErrorBox>{UNSUBSCRIBE_TEXTS.invalid}</ErrorBox> : null}
        {view.state === "done" ? (
          <NoticeBox>{UNSUBSCRIBE_TEXTS.done(view.subject)}</NoticeBox>
        ) : null}
        {view.state === "confirm" ? (
          <Form
            method="post"
            action={`/unsubscribe?token=${encodeURIComponent(view.token)}`}
            reloadDocument
          >
            <p className="text-lg text-slate-800">{UNSUBSCRIBE_TEXTS.confirmBody(view.subject)}</p>
            <button type="submit" className={`${primaryButton} mt-4`}>
              {UNSUBSCRIBE_TEXTS.button}
            </button>
          </Form>
        ) : null}
      </div>
      <p className="mt-8 text-sm text-slate-700">
        <Link to="/settings/notifications" className="font-semibold text-brand-700 underline">
          Notification settings
        </Link>
      </p>
    </div>
  );
}
