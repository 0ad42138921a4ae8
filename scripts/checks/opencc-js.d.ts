// opencc-js ships no types: the one entry the Hong Kong text check uses.
declare module 'opencc-js/cn2t' {
  type Locale = 'cn' | 'tw' | 'twp' | 'hk' | 'jp' | 't';
  export function Converter(options: { from: Locale; to: Locale }): (text: string) => string;
}
