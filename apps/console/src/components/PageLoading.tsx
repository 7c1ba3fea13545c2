/** Shown while a page or the session setup loads: a CSS spinner, no component code needed. */
export function PageLoading() {
  return (
    <div className="page-loading" aria-busy="true">
      <span className="page-loading__spinner" />
    </div>
  );
}
