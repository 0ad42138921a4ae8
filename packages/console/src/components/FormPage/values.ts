const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * A form's values as a body: a text field left blank (or only spaces) is sent as null, the
 * contract's "no value", in nested lists too. Everything else goes as typed: the server's schema
 * trims and checks it. Dates and other objects that are not plain stay as they are.
 */
export function blanksToNull<V>(values: V): V {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.trim() === '' ? null : v;
    if (Array.isArray(v)) return v.map(walk);
    if (isPlain(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(values) as V;
}
