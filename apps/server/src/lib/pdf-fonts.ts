/**
 * The fonts of every PDF the server writes (issue 16: the standard PDF fonts cover Latin-1 only, so "–" or a Chinese
 * name came out as "?"). Noto Sans SC, regular and bold, covers Latin, the usual punctuation and symbols, and Chinese.
 * The TTF files come inside the @expo-google-fonts/noto-sans-sc package (fonts: SIL Open Font License 1.1), so nothing
 * is fetched at install or run time. pdfkit embeds only the glyphs a document uses (a subset of a few KB, not the
 * 10 MB file), and reads a file only when a document first draws with it: importing this module reads nothing.
 */
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/** The regular font's name in a document that `useUnicodeFonts` prepared. */
export const PDF_FONT = 'Strata-Regular';
/** The bold font's name. */
export const PDF_FONT_BOLD = 'Strata-Bold';

const FILES: Record<string, string> = {
  [PDF_FONT]: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  [PDF_FONT_BOLD]: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};

/** Registers the fonts with a new document and makes the regular one current. */
export function useUnicodeFonts(doc: InstanceType<typeof PDFDocument>): void {
  for (const [name, file] of Object.entries(FILES)) doc.registerFont(name, require.resolve(file));
  doc.font(PDF_FONT);
}

/** Text for a PDF: every character the fonts draw stays; control characters (other than tab and line breaks) go. */
export function pdfText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g, '');
}
