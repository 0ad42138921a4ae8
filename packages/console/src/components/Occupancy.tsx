import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The share of a capacity in use, 0..100 (rounded down, so a nearly full box never reads 100). */
export function occupancyPercent(stored: number, capacity: number | null): number | null {
  if (!capacity || capacity <= 0) return null;
  return Math.min(100, Math.floor((stored * 100) / capacity));
}

/** Full from here on: the bar turns to the warning and the alarm colours (the text says it too). */
const NEARLY_FULL = 80;
const FULL = 95;

/**
 * Occupancy of a storage level as "used / capacity · n%" with a bar: the figures are always
 * written out, the bar's colour only repeats them (never colour alone). No capacity (a bag or bin
 * without one): the count and "no limit"; a level with room for nothing yet (a unit without racks): "n / 0".
 */
export function Occupancy({ stored, capacity }: { stored: number; capacity: number | null }) {
  const { t } = useTranslation();
  const percent = occupancyPercent(stored, capacity);
  const text =
    capacity === 0
      ? `${stored} / 0`
      : percent === null
        ? t('components.occupancyOpen', { stored })
        : t('components.occupancy', {
            stored,
            capacity,
            percent: percent === 0 && stored > 0 ? '<1' : percent,
          });
  return (
    <Flex vertical gap={0} style={{ minWidth: 120 }} data-testid="occupancy" aria-label={text}>
      <Typography.Text style={{ fontSize: 12, whiteSpace: 'nowrap' }}>{text}</Typography.Text>
      {percent !== null && (
        <Progress
          aria-label={text}
          percent={percent}
          size="small"
          showInfo={false}
          status={percent >= FULL ? 'exception' : 'normal'}
          strokeColor={percent >= FULL ? undefined : percent >= NEARLY_FULL ? '#d48806' : undefined}
        />
      )}
    </Flex>
  );
}
