import { formatUsd } from '@labeldesk/ui';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Tooltip as ChartTooltip,
  Legend,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from 'recharts';
import { type CarrierRow, compactUsd } from './label-stats';

const LABELS_COLOR = '#4c6ef5';
const REVENUE_COLOR = '#12b886';

/**
 * Labels and revenue per carrier as grouped bars: labels on the left axis, revenue (USD) on the right, since the two
 * are on different scales. recharts lives in this page's chunk only, never in the shared UI kit.
 */
export function CarrierChart({ rows }: { rows: readonly CarrierRow[] }) {
  return (
    <ResponsiveContainer width="100%" height={300}>
      <BarChart data={[...rows]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} barGap={4}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tickLine={false} />
        <YAxis yAxisId="labels" allowDecimals={false} tickLine={false} width={48} />
        <YAxis
          yAxisId="revenue"
          orientation="right"
          tickFormatter={(v: number) => compactUsd(v)}
          tickLine={false}
          width={64}
        />
        <ChartTooltip
          formatter={(value, name) => (name === 'Revenue' ? formatUsd(Number(value)) : String(value))}
          cursor={{ fillOpacity: 0.06 }}
        />
        <Legend />
        <Bar yAxisId="labels" dataKey="count" name="Labels" fill={LABELS_COLOR} radius={[4, 4, 0, 0]} />
        <Bar yAxisId="revenue" dataKey="revenue" name="Revenue" fill={REVENUE_COLOR} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
