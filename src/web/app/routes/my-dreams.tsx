export function MyDreamsRoute() {
  return <section className="page">my-dreams</section>
}
