import { useCallback, useState } from "react";
import { newSubmissionKey } from "./submission-key";

/**
 * A form's submission key, for its hidden `idempotencyKey` field
 * (SUBMISSION_KEY_FIELD): each rendering of the page has one, so a browser
 * sending that form again (Back, reload, a double click without JavaScript)
 * sends the same key and the server writes once. `renew` takes a fresh key
 * for the next submission: call it from the form's onSubmit (the submission
 * leaving carries the key it was rendered with). The field needs
 * suppressHydrationWarning: the server's key and the browser's differ.
 */
export function useSubmissionKey(): [key: string, renew: () => void] {
  const [key, setKey] = useState(newSubmissionKey);
  const renew = useCallback(() => setKey(newSubmissionKey()), []);
  return [key, renew];
}
