/** 'Profile complete' or 'Action needed' (spec section 2, profile view). */
export function CompletionBadge({ complete }: { complete: boolean }) {
  return complete ? (
    <span className="badge badge-success">
      <span aria-hidden="true">✓</span> Profile complete
    </span>
  ) : (
    <span className="badge badge-warn">Action needed</span>
  );
}
