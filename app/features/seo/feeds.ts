/** The Podcast category (docs/product/reading.md#archives-tags-and-feeds's named categories): its feed for podcast apps is /podcast.xml. */
export const PODCAST_CATEGORY_SLUG = "podcast";
