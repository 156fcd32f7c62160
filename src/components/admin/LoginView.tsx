import type { AdminViewServerProps } from 'payload'
import { redirect } from 'next/navigation'

import { LoginForm } from './LoginForm'

/** Replaces Payload's login view: username and password, the spec's notices, a close control. */
export function LoginView({ initPageResult }: AdminViewServerProps) {
  if (initPageResult.req.user) redirect('/admin')
  return <LoginForm />
}
