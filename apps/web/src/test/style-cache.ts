import createCache, { type EmotionCache } from '@emotion/cache';

let cache: EmotionCache | undefined;

/**
 * The Emotion cache of the tests: it writes the styles into an element that is not in the document. Emotion's
 * default cache puts every rule into a <style> of document.head (one element per rule outside production), and jsdom
 * cascades all of them at each getComputedStyle, which Testing Library calls for every element a `*ByRole` query
 * looks at (is it hidden?). About half a page test's time went there.
 *
 * Nothing a test sees through the computed style (`display: none`, widths, colours) holds with it: a test about
 * styles renders with `styles: true` (Emotion's default cache, the browser's behaviour). One cache per test file: a
 * rule is serialized and written once.
 */
export function detachedStyleCache(): EmotionCache {
  cache ??= createCache({ key: 'css', container: document.createElement('div') });
  return cache;
}
