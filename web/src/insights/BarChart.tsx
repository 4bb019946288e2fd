import { useId } from 'react';

export interface Bar {
  label: string;
  value: number;
}

const ROW = 46; // label line + bar
const BAR_HEIGHT = 14;
const VALUE_GUTTER = 14; // percent of the width kept free for the value text

/**
 * A horizontal bar chart drawn in SVG: each row has its label above the bar and its value written
 * next to it, so it reads at any width. Screen readers get the same data as a list (the SVG
 * itself is decorative).
 */
export function BarChart({ title, bars, emptyText = 'No data yet.' }: { title: string; bars: Bar[]; emptyText?: string }) {
  const titleId = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const total = bars.reduce((sum, b) => sum + b.value, 0);
  return (
    <figure className="bar-chart card" aria-labelledby={titleId}>
      <figcaption id={titleId} className="bar-chart-title">
        {title}
      </figcaption>
      {bars.length === 0 ? (
        <p className="muted">{emptyText}</p>
      ) : (
        <>
          <svg className="bar-chart-svg" width="100%" height={bars.length * ROW} aria-hidden="true" focusable="false">
            {bars.map((bar, i) => {
              const width = ((100 - VALUE_GUTTER) * bar.value) / max;
              const y = i * ROW;
              return (
                <g key={bar.label}>
                  <text x="0" y={y + 14} className="bar-label">
                    {bar.label}
                  </text>
                  <rect x="0" y={y + 22} width={`${100 - VALUE_GUTTER}%`} height={BAR_HEIGHT} rx="4" className="bar-track" />
                  {/* A value above 0 always shows a little bar; 0 shows none (a stub read as "a few"). */}
                  {bar.value > 0 && <rect x="0" y={y + 22} width={`${Math.max(width, 0.8)}%`} height={BAR_HEIGHT} rx="4" className="bar-rect" />}
                  <text x={`${100 - VALUE_GUTTER + 2}%`} y={y + 22 + BAR_HEIGHT / 2} dominantBaseline="central" className="bar-value">
                    {bar.value}
                  </text>
                </g>
              );
            })}
          </svg>
          <ul className="sr-only">
            {bars.map((bar) => (
              <li key={bar.label}>
                {bar.label}: {bar.value} of {total}
              </li>
            ))}
          </ul>
        </>
      )}
    </figure>
  );
}
