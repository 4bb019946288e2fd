/** A row of headline figures: each tile a label and its value. */
export function StatTiles({ tiles }: { tiles: ReadonlyArray<readonly [label: string, value: string | number]> }) {
  return (
    <dl className="stat-tiles">
      {tiles.map(([label, value]) => (
        <div key={label} className="stat-tile card">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
