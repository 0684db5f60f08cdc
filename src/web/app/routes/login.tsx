export function LoginRoute() {
  return <section className="page">login</section>
}
