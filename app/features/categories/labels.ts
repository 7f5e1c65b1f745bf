/** "1 post" / "N posts" (docs/product/reading.md#categories, /categories). */
export function postCountLabel(count: number) {
  return `${count} ${count === 1 ? "post" : "posts"}`;
}
