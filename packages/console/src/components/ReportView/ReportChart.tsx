// The chart of a report (loaded on its own: `lazy(() => import('./ReportChart'))`, so echarts is a
// chunk of the report pages that draw one and never of /login or the shell). echarts/core with only
// the bar chart, its components and the SVG renderer.
import { theme } from 'antd';
import { BarChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { type ChartData, chartOption } from './chart';

echarts.use([BarChart, AriaComponent, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export default function ReportChart({ data, label }: { data: ChartData; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const chart = echarts.init(element, undefined, { renderer: 'svg' });
    chart.setOption(
      chartOption(data, {
        color: token.colorText,
        secondary: token.colorTextSecondary,
        border: token.colorBorderSecondary,
      }),
    );
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [data, token.colorText, token.colorTextSecondary, token.colorBorderSecondary]);
  return (
    <div
      ref={ref}
      role="img"
      aria-label={label}
      data-testid="report-chart"
      data-series={JSON.stringify(data.series.map((s) => ({ name: s.name, values: s.values })))}
      style={{ height: 300, marginBottom: 16 }}
    />
  );
}
