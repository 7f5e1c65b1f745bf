/**
 * The note an author or admin sees on a comment hidden by reports. On its own so that an
 * article's comments do not load every report message (docs/milestones.md#issue-17-performance).
 */
export const HIDDEN_NOTE = "Hidden from readers while reports are reviewed";
