export function ContactRoute() {
  return <section className="page">contact</section>
}
