/**
 * The note an author or admin sees on a comment hidden by reports. On its own so that an
 * article's comments do not load every report message (issue 17).
 */
export const HIDDEN_NOTE = "Hidden from readers while reports are reviewed";
