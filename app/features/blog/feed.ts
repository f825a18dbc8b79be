/** Where the blog's RSS 2.0 feed is; the blog's pages name it in `<link rel="alternate">`. */
export const FEED_PATH = "/blog/feed.xml";
