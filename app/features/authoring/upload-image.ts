/**
 * Uploads an image and answers its URL (messages from the server, docs/product/authoring.md#uploads), reporting progress (0 to 1) as the bytes go out: XMLHttpRequest,
 * because fetch() reports no upload progress. A file over 5 MB or of another
 * type is refused here, before sending, with the same words the server would
 * answer; a 413 says them too. Like sendSubmission, one key for the file and
 * one more attempt when no answer came or the service was briefly away.
 */
import { imageFileProblem, UPLOAD_TOO_LARGE } from "~/lib/image-upload";
import { newSubmissionKey, SUBMISSION_KEY_HEADER } from "~/lib/submission-key";

const UPLOAD_URL = "/api/uploads";
const FALLBACK = "Failed to upload image";

type Answer = { status: number; body: { url?: string; error?: string } };

function send(body: FormData, key: string, onProgress?: (part: number) => void) {
  return new Promise<Answer | null>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOAD_URL);
    xhr.setRequestHeader(SUBMISSION_KEY_HEADER, key);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let json: Answer["body"] = {};
      try {
        json = JSON.parse(xhr.responseText) as Answer["body"];
      } catch {
        // Not JSON (a proxy's page): the status decides.
      }
      resolve({ status: xhr.status, body: json });
    };
    xhr.onerror = () => resolve(null);
    xhr.send(body);
  });
}

export async function uploadImage(
  file: File,
  onProgress?: (part: number) => void,
): Promise<string> {
  const problem = imageFileProblem(file);
  if (problem) throw new Error(problem);
  const body = new FormData();
  body.set("file", file);
  const key = newSubmissionKey();
  let answer = await send(body, key, onProgress);
  if (!answer || answer.status === 503) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    answer = await send(body, key, onProgress);
  }
  if (!answer) throw new Error(FALLBACK);
  if (answer.status === 413) throw new Error(UPLOAD_TOO_LARGE);
  if (answer.status >= 400 || !answer.body.url) throw new Error(answer.body.error || FALLBACK);
  onProgress?.(1);
  return answer.body.url;
}
