/**
 * The key every construction-site query starts with, whichever screen reads the sites (the sites pages, the work
 * space's location search). Saving or deleting a site invalidates it, so no screen keeps showing a site as it was, or
 * misses a new one, for as long as its answers would otherwise stay fresh.
 */
export const SITES_QUERY_KEY = ['sites'] as const;
