export function NotFoundRoute() {
  return <section className="page">not-found</section>
}
