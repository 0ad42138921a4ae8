// The part of fontkit (pdfkit's font parser) the documents use: it ships no types of its own.
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
    layout(text: string): unknown;
  }
  export interface FontCollection {
    fonts: Font[];
  }
  /** A .ttc without `postscriptName` gives the collection; null when no face has that name. */
  export function create(buffer: Uint8Array, postscriptName?: string): Font | FontCollection | null;
}
