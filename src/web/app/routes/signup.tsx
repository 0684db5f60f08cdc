export function SignupRoute() {
  return <section className="page">signup</section>
}
