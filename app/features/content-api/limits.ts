export const MAX_LIMIT = 100;
