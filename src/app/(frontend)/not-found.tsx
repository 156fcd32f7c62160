export default function NotFound() {
  return (
    <main>
      <h1>Page Not Found</h1>
      <p>Did you forget to add the page to the router?</p>
    </main>
  )
}
