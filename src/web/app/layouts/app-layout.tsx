import { Outlet } from 'react-router'

export function AppLayout() {
  return (
    <main id="main">
      <Outlet />
    </main>
  )
}
