/** Shapes the authoring routes hand to the browser. */

/** The form as raw strings, keyed by field name (what was typed, refilled after an error). */
export type FormValues = Record<string, string>;

export type FormChoices = {
  isAdmin: boolean;
  categories: { id: string; name: string }[];
  /** Mentors and admins, for the admins' author field. */
  authors: { id: string; name: string }[];
  defaultCategoryId: string;
  /** The Events category, whose posts may carry an event (docs/decisions/0115); null when absent. */
  eventsCategoryId: string | null;
  /** IANA time zones for an event. */
  timeZones: string[];
};

export type SaveActionData =
  | {
      ok: true;
      intent: "autosave";
      id: string;
      slug: string;
      lastAutosave: string | null;
      skipped: string | null;
    }
  | {
      ok: false;
      /** None on a refusal before the body was read (docs/decisions/0253): nothing told it. */
      intent?: "autosave" | "publish" | "draft";
      error: string;
      fieldErrors: Record<string, string>;
      status: number;
      /** What was typed; none on a refusal before the body was read: the page keeps its own. */
      values?: FormValues;
      /** A stale save was refused (docs/milestones.md#issue-18-the-writing-studio): who saved since, and when (ISO). */
      conflict?: { by: string; at: string };
    };

export type WidgetValue = {
  type: "image" | "html" | "text";
  order: number;
  image_url?: string | null;
  link_url?: string | null;
  content?: string | null;
  html_code?: string | null;
};
