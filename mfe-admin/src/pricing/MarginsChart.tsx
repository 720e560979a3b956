import { formatUsd } from '@labeldesk/pricing';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Tooltip as ChartTooltip,
  ReferenceLine,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from 'recharts';
import type { CarrierBar } from './margins-view';

const GAIN_COLOR = '#12b886';
const LOSS_COLOR = '#fa5252';

/**
 * Gross margin of the period per carrier, one bar each (below the zero line in red when the carrier lost money).
 * recharts is already this remote's chart library (the Overview uses it) and stays in the admin pages' chunks.
 */
export function MarginsChart({ bars }: { bars: readonly CarrierBar[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={[...bars]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tickLine={false} />
        <YAxis tickFormatter={(v: number) => formatUsd(Math.round(v * 100))} tickLine={false} width={80} />
        <ReferenceLine y={0} stroke="#868e96" />
        <ChartTooltip
          formatter={(value) => formatUsd(Math.round(Number(value) * 100))}
          cursor={{ fillOpacity: 0.06 }}
        />
        <Bar dataKey="grossMargin" name="Gross margin" radius={[4, 4, 0, 0]} isAnimationActive={false}>
          {bars.map((b) => (
            <Cell key={b.carrier} fill={b.grossMarginCents < 0 ? LOSS_COLOR : GAIN_COLOR} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
