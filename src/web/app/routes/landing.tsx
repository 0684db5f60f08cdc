export function LandingRoute() {
  return <section className="page">landing</section>
}
