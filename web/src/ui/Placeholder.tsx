/** A route that exists but whose screen is not built yet. Says so plainly. */
export function Placeholder({ title }: { title: string }) {
  return (
    <main id="main" className="page container narrow">
      <h1>{title}</h1>
      <div className="notice notice-info" role="note">
        This screen is not built yet. It is coming in a later release.
      </div>
    </main>
  );
}
