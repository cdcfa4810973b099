import { lazy, Suspense } from 'react';
import { Skeleton } from '../ui/skeleton';
import type { SeriesChartProps } from './series-chart';

const SeriesChart = lazy(() => import('./series-chart'));

/**
 * A lightweight-charts series chart, loaded on first render (the library is not in the initial JS), with its
 * values as a visually hidden table for screen readers (`format` writes one value).
 */
export function LazySeriesChart({ format, rowLabel, ...props }: SeriesChartProps & { format: (value: number) => string; rowLabel: (time: number) => string }) {
  return (
    <figure className="series-chart">
      <Suspense fallback={<Skeleton height={props.height ?? 260} width="100%" />}>
        <SeriesChart {...props} />
      </Suspense>
      {/* a table is at least as tall as its rows whatever its height: the 1 px clipping box is a div around it */}
      <div className="visually-hidden">
        <table>
          <caption>{props.label}</caption>
          <tbody>
            {props.points.map((p) => (
              <tr key={p.time}>
                <th scope="row">{rowLabel(p.time)}</th>
                <td>{format(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
