/** The Podcast category (spec 1 §2's named categories): its feed for podcast apps is /podcast.xml. */
export const PODCAST_CATEGORY_SLUG = "podcast";
