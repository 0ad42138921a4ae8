/** Show-limit (SPEC section 5): the current length over the maximum, e.g. 12/255. */
export function limitText(value: string | null | undefined, max: number): string {
  return `${value?.length ?? 0}/${max}`;
}

export function ShowLimit({ value, max }: { value: string | null | undefined; max: number }) {
  const over = (value?.length ?? 0) > max;
  return (
    <span data-testid="show-limit" style={{ color: over ? '#ff4d4f' : 'rgba(0,0,0,0.45)', fontSize: 12 }}>
      {limitText(value, max)}
    </span>
  );
}
