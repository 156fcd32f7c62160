export default function Page() {
  return (
    <main>
      <h1>An empty Next.js page</h1>
      <p>The framework and nothing else: what Lighthouse gives it on this machine is the floor.</p>
    </main>
  )
}
