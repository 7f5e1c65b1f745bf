/** "1 post" / "N posts" (spec 1 §2, /categories). */
export function postCountLabel(count: number) {
  return `${count} ${count === 1 ? "post" : "posts"}`;
}
