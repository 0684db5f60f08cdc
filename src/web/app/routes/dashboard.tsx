export function DashboardRoute() {
  return <section className="page">dashboard</section>
}
