import { theme } from 'antd';

/** Show-limit (SPEC section 5): the current length over the maximum, e.g. 12/255. */
export function limitText(value: string | null | undefined, max: number): string {
  return `${value?.length ?? 0}/${max}`;
}

/** The theme's colours (readable in every mode): the description grey, the error colour when over. */
export function ShowLimit({ value, max }: { value: string | null | undefined; max: number }) {
  const { token } = theme.useToken();
  const over = (value?.length ?? 0) > max;
  return (
    <span
      data-testid="show-limit"
      style={{ color: over ? token.colorError : token.colorTextDescription, fontSize: 12 }}
    >
      {limitText(value, max)}
    </span>
  );
}
